// Icon names stored in the database ("truck", "vegetable", ...) as the shop's icons (components/icons).
// Each icon is imported on its own, and services, sections and navigation have separate maps,
// so a page bundles only the icons of the kinds it shows (an icon is a few hundred bytes gzip;
// all the navigation icons together ~5 KB, too much for a page that only lists services).
import LocalShipping from '../icons/LocalShippingOutlined.js';
import Payments from '../icons/PaymentsOutlined.js';
import AssignmentReturn from '../icons/AssignmentReturnOutlined.js';
import VerifiedUser from '../icons/VerifiedUserOutlined.js';
import HeadsetMic from '../icons/HeadsetMicOutlined.js';
import ThumbUpAlt from '../icons/ThumbUpAltOutlined.js';
import CardGiftcard from '../icons/CardGiftcardOutlined.js';
import AccessTime from '../icons/AccessTimeOutlined.js';
import Grass from '../icons/GrassOutlined.js';
import EmojiNature from '../icons/EmojiNatureOutlined.js';
import BreakfastDining from '../icons/BreakfastDiningOutlined.js';
import AcUnit from '../icons/AcUnitOutlined.js';
import Spa from '../icons/SpaOutlined.js';
import Inventory2 from '../icons/Inventory2Outlined.js';
import LocalCafe from '../icons/LocalCafeOutlined.js';
import Liquor from '../icons/LiquorOutlined.js';
import Egg from '../icons/EggOutlined.js';
import Weekend from '../icons/WeekendOutlined.js';
import Chair from '../icons/ChairOutlined.js';
import Bed from '../icons/BedOutlined.js';
import TableRestaurant from '../icons/TableRestaurantOutlined.js';
import Light from '../icons/LightOutlined.js';
import FaceRetouchingNatural from '../icons/FaceRetouchingNaturalOutlined.js';
import Brush from '../icons/BrushOutlined.js';
import Medication from '../icons/MedicationOutlined.js';
import Toys from '../icons/ToysOutlined.js';
import LocalFlorist from '../icons/LocalFloristOutlined.js';
import Drafts from '../icons/DraftsOutlined.js';
import MenuBook from '../icons/MenuBookOutlined.js';
import Backpack from '../icons/BackpackOutlined.js';
import School from '../icons/SchoolOutlined.js';
import AutoStories from '../icons/AutoStoriesOutlined.js';
import Category from '../icons/CategoryOutlined.js';
import Bolt from '../icons/Bolt.js';
import SectionCategory from '../icons/Category.js';
import DirectionsCar from '../icons/DirectionsCar.js';
import PhoneIphone from '../icons/PhoneIphone.js';
import Watch from '../icons/Watch.js';
import WorkspacePremium from '../icons/WorkspacePremium.js';
import LocalOffer from '../icons/LocalOffer.js';
import NewReleases from '../icons/NewReleases.js';
import EmojiEvents from '../icons/EmojiEvents.js';
import AutoAwesome from '../icons/AutoAwesome.js';
import LocalMall from '../icons/LocalMall.js';

const SERVICE_ICONS = {
  truck: LocalShipping,
  money: Payments,
  return: AssignmentReturn,
  secure: VerifiedUser,
  support: HeadsetMic,
  feedback: ThumbUpAlt,
  gift: CardGiftcard,
  clock: AccessTime,
};

const NAVIGATION_ICONS = {
  vegetable: Grass,
  fruit: EmojiNature,
  breakfast: BreakfastDining,
  frozen: AcUnit,
  organic: Spa,
  canned: Inventory2,
  coffee: LocalCafe,
  sauce: Liquor,
  dairy: Egg,
  sofa: Weekend,
  chair: Chair,
  bed: Bed,
  table: TableRestaurant,
  lamp: Light,
  skincare: FaceRetouchingNatural,
  makeup: Brush,
  vitamin: Medication,
  gift: CardGiftcard,
  toy: Toys,
  flower: LocalFlorist,
  card: Drafts,
  book: MenuBook,
  school: Backpack,
  college: School,
  story: AutoStories,
};

// Storefront section headers: "Flash deals" has a bolt, "Cars" a car, ...
const SECTION_ICONS = {
  bolt: Bolt,
  category: SectionCategory,
  car: DirectionsCar,
  phone: PhoneIphone,
  watch: Watch,
  brand: WorkspacePremium,
  discount: LocalOffer,
  new: NewReleases,
  rated: EmojiEvents,
  featured: AutoAwesome,
  shop: LocalMall,
};

function iconFrom(map) {
  return function NamedIcon({ name, ...props }) {
    const Icon = map[name] || Category;
    return <Icon {...props} />;
  };
}

/** A service blurb's icon: "truck", "money", "return", "secure", "support", "feedback", "gift", "clock". */
export const ServiceIcon = /* @__PURE__ */ iconFrom(SERVICE_ICONS);

/** A section header's icon: "bolt", "category", "car", "phone", "watch", "brand", "discount", "new", "rated", "featured", "shop". */
export const SectionIcon = /* @__PURE__ */ iconFrom(SECTION_ICONS);

/** A navigation entry's icon: "vegetable", "sofa", "school", ...; unknown names get a generic one. */
export const NavigationIcon = /* @__PURE__ */ iconFrom(NAVIGATION_ICONS);

// Icon names stored in the database ("truck", "vegetable", ...) as MUI icons.
// Each icon is imported on its own, and services, sections and navigation have separate maps,
// so a page bundles only the icons of the kinds it shows (an icon costs ~170 bytes gzip; the map of all
// navigation icons is ~5 KB, too much for a page that only lists services).
import LocalShipping from '@mui/icons-material/LocalShippingOutlined';
import Payments from '@mui/icons-material/PaymentsOutlined';
import AssignmentReturn from '@mui/icons-material/AssignmentReturnOutlined';
import VerifiedUser from '@mui/icons-material/VerifiedUserOutlined';
import HeadsetMic from '@mui/icons-material/HeadsetMicOutlined';
import ThumbUpAlt from '@mui/icons-material/ThumbUpAltOutlined';
import CardGiftcard from '@mui/icons-material/CardGiftcardOutlined';
import AccessTime from '@mui/icons-material/AccessTimeOutlined';
import Grass from '@mui/icons-material/GrassOutlined';
import EmojiNature from '@mui/icons-material/EmojiNatureOutlined';
import BreakfastDining from '@mui/icons-material/BreakfastDiningOutlined';
import AcUnit from '@mui/icons-material/AcUnitOutlined';
import Spa from '@mui/icons-material/SpaOutlined';
import Inventory2 from '@mui/icons-material/Inventory2Outlined';
import LocalCafe from '@mui/icons-material/LocalCafeOutlined';
import Liquor from '@mui/icons-material/LiquorOutlined';
import Egg from '@mui/icons-material/EggOutlined';
import Weekend from '@mui/icons-material/WeekendOutlined';
import Chair from '@mui/icons-material/ChairOutlined';
import Bed from '@mui/icons-material/BedOutlined';
import TableRestaurant from '@mui/icons-material/TableRestaurantOutlined';
import Light from '@mui/icons-material/LightOutlined';
import FaceRetouchingNatural from '@mui/icons-material/FaceRetouchingNaturalOutlined';
import Brush from '@mui/icons-material/BrushOutlined';
import Medication from '@mui/icons-material/MedicationOutlined';
import Toys from '@mui/icons-material/ToysOutlined';
import LocalFlorist from '@mui/icons-material/LocalFloristOutlined';
import Drafts from '@mui/icons-material/DraftsOutlined';
import MenuBook from '@mui/icons-material/MenuBookOutlined';
import Backpack from '@mui/icons-material/BackpackOutlined';
import School from '@mui/icons-material/SchoolOutlined';
import AutoStories from '@mui/icons-material/AutoStoriesOutlined';
import Category from '@mui/icons-material/CategoryOutlined';
import Bolt from '@mui/icons-material/Bolt';
import SectionCategory from '@mui/icons-material/Category';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import PhoneIphone from '@mui/icons-material/PhoneIphone';
import Watch from '@mui/icons-material/Watch';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import LocalOffer from '@mui/icons-material/LocalOffer';
import NewReleases from '@mui/icons-material/NewReleases';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import LocalMall from '@mui/icons-material/LocalMall';

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

// Icons are decorative next to their text, so they are hidden from assistive technology.
function iconFrom(map) {
  return function NamedIcon({ name, ...props }) {
    const Icon = map[name] || Category;
    return <Icon aria-hidden="true" {...props} />;
  };
}

/** A service blurb's icon: "truck", "money", "return", "secure", "support", "feedback", "gift", "clock". */
export const ServiceIcon = /* @__PURE__ */ iconFrom(SERVICE_ICONS);

/** A section header's icon: "bolt", "category", "car", "phone", "watch", "brand", "discount", "new", "rated", "featured", "shop". */
export const SectionIcon = /* @__PURE__ */ iconFrom(SECTION_ICONS);

/** A navigation entry's icon: "vegetable", "sofa", "school", ...; unknown names get a generic one. */
export const NavigationIcon = /* @__PURE__ */ iconFrom(NAVIGATION_ICONS);

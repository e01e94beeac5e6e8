// A shop's side navigation menu: `<NavigationMenu groups={navigation} />`, where navigation is
// db/queries/navigation.py navigation_for()'s [{category, categoryItem: [{icon, title, href,
// child?}]}] (children nested up to two levels); optional `label` (default "Categories") names it.
// A side panel with expandable items from md up, a "Categories" button and drawer on a phone
// (see ./navigation/Menu.jsx). Its code (and the navigation icons) is not first-load
// JavaScript: the server renders it in full and the browser hydrates it when its chunk arrives.
import deferModule from './deferModule.jsx';

const NavigationMenu = /* @__PURE__ */ deferModule(() => import('./navigation/Menu.jsx'))('default');

export default NavigationMenu;

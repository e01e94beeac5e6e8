// The top bar's two layout switches (SPEC §3 layout settings and header state): text direction,
// saved in localStorage `settings`, and the header-fixed flag. Each is a toggle button with a
// stable name and aria-pressed, and says what it did in a toast.
import IconButton from '@mui/material/IconButton';
import FormatTextdirectionRToL from '@mui/icons-material/FormatTextdirectionRToL';
import PushPin from '@mui/icons-material/PushPin';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import { notify } from '../../common/toast.jsx';
import { useSettings } from '../../state/settings.jsx';

function Toggle({ label, pressed, onToggle, children }) {
  return (
    <IconButton aria-label={label} title={label} aria-pressed={pressed} onClick={onToggle} color={pressed ? 'primary' : 'default'}>
      {children}
    </IconButton>
  );
}

export function DirectionSwitch() {
  const { settings, updateSettings } = useSettings();
  const rtl = settings.direction === 'rtl';
  const flip = () => {
    updateSettings({ direction: rtl ? 'ltr' : 'rtl' });
    notify.info(rtl ? 'Layout set to left-to-right' : 'Layout set to right-to-left');
  };
  return (
    <Toggle label="Right-to-left layout" pressed={rtl} onToggle={flip}>
      <FormatTextdirectionRToL />
    </Toggle>
  );
}

export function HeaderFixedToggle() {
  const { isHeaderFixed, toggleHeaderFixed } = useSettings();
  const flip = () => {
    toggleHeaderFixed();
    notify.info(isHeaderFixed ? 'The header now scrolls with the page' : 'The header now stays at the top');
  };
  return (
    <Toggle label="Fixed header" pressed={isHeaderFixed} onToggle={flip}>
      {isHeaderFixed ? <PushPin /> : <PushPinOutlined />}
    </Toggle>
  );
}

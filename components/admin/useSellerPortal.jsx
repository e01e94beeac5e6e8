// The owner's actions on a seller's portal account (the sellers list): invite them (the one-time
// link is shown to copy and pass on), suspend them (their offers are hidden at once, their
// sessions end) or reinstate them, each suspension or reinstatement after the confirmation dialog.
import { useState } from 'react';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { notify } from '../common/toast.jsx';
import CopyField from './CopyField.jsx';
import { sendJson } from './forms/api.js';
import AskFirst from './list/AskFirst.jsx';

function InviteLink({ seller, link, onClose }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="seller-invite-title">
      <DialogTitle id="seller-invite-title">Invite link for {seller.shopName}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Send this link to {seller.email}. It works once, for 48 hours: the seller chooses a password and signs in to the seller portal.
        </DialogContentText>
        <CopyField label="Invite link" value={link} testId="seller-invite-link" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}

const CHANGES = {
  suspend: (seller) => ({
    message: `Suspend ${seller.shopName}? Their offers leave the shop at once, they are signed out and cannot sign in until reinstated.`,
    done: `${seller.shopName} is suspended`,
  }),
  reinstate: (seller) => ({
    message: `Reinstate ${seller.shopName}? Their offers are sold again and they can sign in.`,
    done: `${seller.shopName} is reinstated`,
  }),
};

export default function useSellerPortal(onChanged) {
  const [invited, setInvited] = useState(null);
  const [asking, setAsking] = useState(null);

  const invite = async (seller) => {
    const answer = await sendJson('POST', `/api/sellers/${seller.id}/invite`, {});
    if (!answer.ok) return notify.error(answer.data.message);
    setInvited({ seller, link: answer.data.link });
    onChanged();
  };
  const change = async () => {
    const { seller, action } = asking;
    const answer = await sendJson('POST', `/api/sellers/${seller.id}/${action}`, {});
    setAsking(null);
    if (!answer.ok) return notify.error(answer.data.message);
    notify.success(CHANGES[action](seller).done);
    onChanged();
  };

  // Icon buttons, as the list's other actions: what each does is in its tooltip and label.
  const action = (title, label, Icon, onClick, color) => (
    <Tooltip title={title}>
      <IconButton size="small" color={color} aria-label={label} onClick={onClick}>
        <Icon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  const button = (seller) => {
    if (seller.portal === 'Suspended') {
      return action('Reinstate', `Reinstate ${seller.shopName}`, RestoreOutlined, () => setAsking({ seller, action: 'reinstate' }));
    }
    return (
      <>
        {seller.portal !== 'Active' &&
          action(
            seller.portal === 'Invited' ? 'Invite again (once the link expired)' : 'Invite to the seller portal',
            `Invite ${seller.shopName}`,
            PersonAddAltOutlined,
            () => invite(seller),
          )}
        {action('Suspend', `Suspend ${seller.shopName}`, BlockOutlined, () => setAsking({ seller, action: 'suspend' }), 'error')}
      </>
    );
  };
  const dialogs = (
    <>
      {invited && <InviteLink seller={invited.seller} link={invited.link} onClose={() => setInvited(null)} />}
      <AskFirst
        open={Boolean(asking)}
        message={asking ? CHANGES[asking.action](asking.seller).message : ''}
        acknowledgement="I understand"
        okColor={asking?.action === 'suspend' ? 'error' : 'primary'}
        onOk={change}
        onClose={() => setAsking(null)}
      />
    </>
  );
  return { button, dialogs };
}

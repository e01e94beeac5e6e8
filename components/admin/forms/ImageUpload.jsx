// Images for a record, uploaded with progress (to POST /api/media, or the `uploadUrl` of the
// seller portal's photos) and shown as previews. value: [{ path, url }] (path is what the record
// stores); at most `max` of them. `noun` names them on the buttons ("image", "photo").
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Close from '@mui/icons-material/Close';
import { notify } from '../../common/toast.jsx';
import { uploadMedia } from './api.js';

const ACCEPT = 'image/png,image/jpeg,image/webp';
const SIZE = 96;

const capitalised = (word) => word[0].toUpperCase() + word.slice(1);

function Preview({ image, index, noun, onRemove }) {
  return (
    <Box sx={{ position: 'relative', width: SIZE, height: SIZE, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.50' }}>
      <Box
        component="img"
        src={image.url}
        alt={`${capitalised(noun)} ${index + 1}`}
        sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
      />
      <IconButton
        size="small"
        aria-label={`Remove ${noun} ${index + 1}`}
        onClick={onRemove}
        sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
      >
        <Close fontSize="small" />
      </IconButton>
    </Box>
  );
}

export default function ImageUpload({ label, value, onChange, max = 1, error, noun = 'image', uploadUrl }) {
  const inputId = useId();
  const [progress, setProgress] = useState(null);
  const full = value.length >= max;

  const pick = async (event) => {
    const files = Array.from(event.target.files || []).slice(0, max - value.length);
    event.target.value = '';
    let images = value;
    for (const file of files) {
      setProgress(0);
      try {
        const uploaded = await uploadMedia(file, setProgress, uploadUrl);
        images = [...images, { path: uploaded.path, url: uploaded.url }];
        onChange(images);
        notify.success(`Uploaded ${file.name}`);
      } catch (failure) {
        notify.error(failure.message);
      }
    }
    setProgress(null);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {label}{' '}
        {max > 1 && (
          <Typography component="span" variant="body2" color="text.secondary">
            (up to {max})
          </Typography>
        )}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        {value.map((image, index) => (
          <Preview
            key={image.path}
            image={image}
            index={index}
            noun={noun}
            onRemove={() => onChange(value.filter((_, i) => i !== index))}
          />
        ))}
        {!full && (
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            startIcon={<AddPhotoAlternateOutlined />}
            disabled={progress !== null}
            sx={{ height: SIZE }}
          >
            {value.length ? `Add ${noun}` : `Upload ${noun}`}
            <input
              id={inputId}
              type="file"
              accept={ACCEPT}
              multiple={max - value.length > 1}
              hidden
              onChange={pick}
              data-testid="image-input"
            />
          </Button>
        )}
      </Stack>
      {progress !== null && (
        <Box sx={{ mt: 1, maxWidth: 320 }}>
          <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
          <Typography variant="caption" color="text.secondary">
            Uploading… {progress}%
          </Typography>
        </Box>
      )}
      <FormHelperText error={Boolean(error)}>{error || 'PNG, JPEG or WebP.'}</FormHelperText>
    </Box>
  );
}

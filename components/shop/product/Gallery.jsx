// The product's pictures: the chosen one large, every one as a thumbnail button to choose it.
// The first picture is in the server's markup with its size and loads at once (the page's
// largest paint); the others are fetched when the thumbnails show.
import { useState } from 'react';
import { styled } from '@mui/material/styles';

const Wrapper = styled('div')(({ theme }) => ({
  display: 'grid',
  gap: theme.spacing(1.5),
  alignContent: 'start',
  '& .main': {
    aspectRatio: '1 / 1',
    padding: theme.spacing(2),
    borderRadius: 8,
    background: theme.palette.grey[100],
  },
  '& .main img': { display: 'block', width: '100%', height: '100%', objectFit: 'contain' },
  '& ul': { listStyle: 'none', margin: 0, padding: 0, display: 'flex', justifyContent: 'center', gap: theme.spacing(1.5) },
  '& button': {
    display: 'block',
    width: 76,
    height: 76,
    padding: 4,
    border: `2px solid ${theme.palette.grey[200]}`,
    borderRadius: 8,
    background: theme.palette.grey[100],
    cursor: 'pointer',
    transition: 'border-color 150ms',
    '&:hover': { borderColor: theme.palette.grey[300] },
    '&[aria-pressed="true"]': { borderColor: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    [theme.breakpoints.down('sm')]: { width: 64, height: 64 },
  },
  '& button img': { display: 'block', width: '100%', height: '100%', objectFit: 'contain' },
}));

export default function Gallery({ images, title }) {
  const pictures = images.filter(Boolean);
  const [index, setIndex] = useState(0);
  if (pictures.length === 0)
    return (
      <Wrapper>
        <div className="main" />
      </Wrapper>
    );
  const count = pictures.length;
  return (
    <Wrapper>
      <div className="main">
        <img
          src={pictures[index]}
          alt={index === 0 ? title : `${title}, picture ${index + 1} of ${count}`}
          width={600}
          height={600}
          fetchPriority={index === 0 ? 'high' : undefined}
        />
      </div>
      {count > 1 && (
        <ul aria-label="Pictures">
          {pictures.map((src, i) => (
            <li key={src}>
              <button type="button" aria-label={`Show picture ${i + 1} of ${count}`} aria-pressed={i === index} onClick={() => setIndex(i)}>
                <img src={src} alt="" width={68} height={68} decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Wrapper>
  );
}

// The hero of a storefront: its main carousel records (SPEC §3: title, photoUrl, description,
// buttonText, buttonLik) as slides, the first one's picture loaded at once. Nothing without slides.
import Carousel from './Carousel.jsx';
import HeroSlide from './HeroSlide.jsx';

export default function HeroCarousel({ slides, label = 'Offers' }) {
  if (slides.length === 0) return null;
  return (
    <Carousel label={label}>
      {slides.map((slide, i) => (
        <HeroSlide
          key={slide.title}
          title={slide.title}
          description={slide.description}
          buttonText={slide.buttonText}
          href={slide.buttonLik}
          imgUrl={slide.photoUrl}
          eager={i === 0}
        />
      ))}
    </Carousel>
  );
}

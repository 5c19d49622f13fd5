/**
 * The small drawings repeated beside every post and comment (vote arrows, reactions), defined
 * once per page as SVG symbols (render <PostGlyphs /> once, above the posts) and referred to
 * by each button: a question page with a few answers repeats them dozens of times.
 *
 * Drawn, not emoji characters: a machine without a colour emoji font would show boxes.
 */
export type GlyphName = 'arrow' | 'heart' | 'smile' | 'frown';

const FACE = 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z';
const MOUTH = { smile: 'M8 14c1 1.6 2.4 2.4 4 2.4s3-.8 4-2.4', frown: 'M8 16.4c1-1.6 2.4-2.4 4-2.4s3 .8 4 2.4' };
const HEART =
  'M12 21s-7.5-4.6-9.5-9.3C1.2 8.6 3.1 5 6.6 5c2 0 3.4 1.1 5.4 3.2C14 6.1 15.4 5 17.4 5c3.5 0 5.4 3.6 4.1 6.7C19.5 16.4 12 21 12 21z';

function Face({ emoji }: { emoji: 'smile' | 'frown' }) {
  return (
    <symbol id={`glyph-${emoji}`} viewBox="0 0 24 24">
      <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
        <path d={FACE} />
        <path d={MOUTH[emoji]} />
      </g>
      <circle cx="9" cy="10" r="1.2" fill="currentColor" />
      <circle cx="15" cy="10" r="1.2" fill="currentColor" />
    </symbol>
  );
}

/** Every glyph's drawing, once for the whole page. */
export function PostGlyphs() {
  return (
    <svg className="hidden" aria-hidden="true">
      <symbol id="glyph-arrow" viewBox="0 0 24 24">
        <path d="M12 5l8 10H4z" fill="currentColor" />
      </symbol>
      <symbol id="glyph-heart" viewBox="0 0 24 24">
        <path fill="currentColor" d={HEART} />
      </symbol>
      <Face emoji="smile" />
      <Face emoji="frown" />
    </svg>
  );
}

/** One glyph; `className` sizes and colours it (the `glyph-*` component classes in styles.css). */
export function Glyph({ name, className }: { name: GlyphName; className: string }) {
  return (
    <svg className={className} aria-hidden="true">
      <use href={`#glyph-${name}`} />
    </svg>
  );
}

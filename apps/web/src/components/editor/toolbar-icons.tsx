import type { ReactNode } from 'react';

/** Toolbar glyphs: 24-unit strokes in the current colour, hidden from assistive technology. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

function Letter({ children, className = '' }: { children: string; className?: string }) {
  return (
    <span aria-hidden="true" className={`inline-block w-4 text-center text-[15px] leading-none ${className}`}>
      {children}
    </span>
  );
}

export const TOOLBAR_ICONS = {
  heading: <Letter className="font-bold">H</Letter>,
  bold: <Letter className="font-extrabold">B</Letter>,
  italic: <Letter className="font-serif italic">I</Letter>,
  code: (
    <Icon>
      <path d="m8 7-5 5 5 5M16 7l5 5-5 5" />
    </Icon>
  ),
  codeBlock: (
    <Icon>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="m10 10-2 2 2 2M14 10l2 2-2 2" />
    </Icon>
  ),
  quote: (
    <Icon>
      <path d="M6 17c2-1 3-3 3-6V7H5v4h4M15 17c2-1 3-3 3-6V7h-4v4h4" />
    </Icon>
  ),
  link: (
    <Icon>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </Icon>
  ),
  image: (
    <Icon>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-5-5L5 21" />
    </Icon>
  ),
  orderedList: (
    <Icon>
      <path d="M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />
    </Icon>
  ),
  bulletList: (
    <Icon>
      <path d="M9 6h12M9 12h12M9 18h12" />
      <circle cx="4" cy="6" r="1" />
      <circle cx="4" cy="12" r="1" />
      <circle cx="4" cy="18" r="1" />
    </Icon>
  ),
  table: (
    <Icon>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M3 10h18M3 15h18M12 4v16" />
    </Icon>
  ),
  rule: (
    <Icon>
      <path d="M3 12h18" />
    </Icon>
  ),
  help: (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01" />
    </Icon>
  ),
} as const;

export type ToolbarIcon = keyof typeof TOOLBAR_ICONS;

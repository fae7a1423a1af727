/** The product mark (same as the favicon). Decorative: the link or heading around it carries the name. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="logo">
      <rect width="32" height="32" rx="6" fill="var(--brand, #0b5cad)" />
      <path d="M8 22V10h4l4 7 4-7h4v12h-3v-7l-5 8-5-8v7z" fill="#fff" />
    </svg>
  );
}

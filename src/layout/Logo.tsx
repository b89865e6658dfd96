/** The product's mark: two overlapping panes, in the theme's primary colour. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect x="2" y="6" width="18" height="20" rx="4" fill="var(--mantine-primary-color-filled)" />
      <rect x="12" y="2" width="18" height="20" rx="4" fill="var(--mantine-primary-color-light-color)" opacity="0.55" />
      <path
        d="M7 16.5l3 3 6-7"
        fill="none"
        stroke="var(--mantine-primary-color-contrast)"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

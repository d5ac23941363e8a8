import type { Config } from 'tailwindcss';

/**
 * Theme extensions shared by every screen. Colours are CSS variables defined in src/index.css
 * (light and dark), so components only ever name a role (primary, muted, …), never a hex value.
 */
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    container: { center: true, padding: '1.25rem', screens: { '2xl': '1320px' } },
    extend: {
      fontFamily: {
        sans: ['"Inter Variable"', 'Inter', '"Inter Fallback"', 'ui-sans-serif', 'system-ui', 'sans-serif'],
        display: ['"Inter Variable"', 'Inter', '"Inter Fallback"', 'ui-sans-serif', 'system-ui', 'sans-serif'],
      },
      width: { sidebar: '18rem' },
      keyframes: {
        'fade-in': { from: { opacity: '0' }, to: { opacity: '1' } },
        'slide-up': { from: { opacity: '0', transform: 'translateY(6px)' }, to: { opacity: '1', transform: 'none' } },
      },
      animation: {
        'fade-in': 'fade-in 200ms ease-out',
        'slide-up': 'slide-up 240ms ease-out',
      },
    },
  },
} satisfies Config;

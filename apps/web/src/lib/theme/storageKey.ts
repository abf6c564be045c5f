/** Where the user's theme choice is kept in this browser; public/theme-boot.js reads the same key. */
export const THEME_STORAGE_KEY = 'hc.theme';

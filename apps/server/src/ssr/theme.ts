/** The theme computation lives in @inquire/shared so the admin's live preview uses the same code. */
export { contrast, luminance, palette, readableOn, solidPair, themeStyle, themeVariables } from '@inquire/shared';

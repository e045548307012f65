// Imported by rasterize.ts before sharp, so that FONTCONFIG_FILE is set before libvips can start
// fontconfig. ES modules evaluate imports in order, so this runs first.
import { configureFonts } from './fonts.js';

configureFonts();

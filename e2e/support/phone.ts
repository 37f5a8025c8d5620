import { devices } from '@playwright/test';

const pixel = devices['Pixel 7'];

/**
 * A phone as buyers hold it (Pixel 7: size, density, touch, user agent), for `test.use`: the
 * device entry itself also names a browser type, which a file may not set.
 */
export const PHONE = {
  viewport: pixel.viewport,
  deviceScaleFactor: pixel.deviceScaleFactor,
  isMobile: pixel.isMobile,
  hasTouch: pixel.hasTouch,
  userAgent: pixel.userAgent,
};

import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './progress.css';
import { PROGRESS_BAR } from '../config/constants';

// nprogress's own template marks its bar and spinner with the invalid roles "bar" and "spinner";
// the bar is decoration, hidden from assistive technology.
const TEMPLATE = '<div class="bar" aria-hidden="true"><div class="peg"></div></div>';

NProgress.configure({ ...PROGRESS_BAR, template: TEMPLATE, barSelector: '.bar' });

export function startProgress(): void {
  NProgress.start();
}

export function finishProgress(): void {
  NProgress.done();
}

import { opensLanding } from './studio/landing/front-door';
import './main.css';

/**
 * The entry only decides what to load. A visitor opening `/` gets the landing page on its own
 * (React and its texts: no antd, i18next or API client); leaving it for sign-in or sign-up starts
 * the app where they went. Anyone else gets the app straight away.
 */
const startApp = async () => (await import('./app-start')).startApp();

if (opensLanding(window.location.hash)) {
  void import('./studio/landing/landing-start').then(({ startLanding }) => startLanding(startApp));
} else {
  void startApp();
}

import { opensLanding, opensSignIn } from './studio/landing/front-door';
import './main.css';

/**
 * The entry only decides what to load. A visitor opening `/` gets the landing page on its own
 * (React and its texts: no antd, i18next or API client), and one opening `#/login` or
 * `#/register` the sign-in or sign-up page on its own; leaving either starts the app where they went (signed in, at the studio home).
 * Anyone else gets the app straight away.
 */
const startApp = async () => (await import('./app-start')).startApp();

/** The sign-in or sign-up page alone for a visitor there, otherwise the app. */
const startAt = async (): Promise<void> => {
  if (!opensSignIn(window.location.hash)) return startApp();
  return (await import('./studio/signin/signin-start')).startSignIn(startApp);
};

if (opensLanding(window.location.hash)) {
  void import('./studio/landing/landing-start').then(({ startLanding }) => startLanding(startAt));
} else if (opensSignIn(window.location.hash)) {
  void startAt();
} else {
  void startApp();
}

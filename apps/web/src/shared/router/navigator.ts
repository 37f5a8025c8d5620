/**
 * Navigation for code outside React (session expiry, logout). main.tsx and the test render
 * helper hand over their router; before that, the hash is set directly.
 */
export type TNavigate = (to: string, options?: { replace?: boolean }) => void;

let current: TNavigate = (to) => {
  window.location.hash = `#${to}`;
};

export function setNavigator(navigate: TNavigate): void {
  current = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}

import { useEffect } from 'react';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';

/** Below this width the console is on a phone: the sidebar becomes a drawer. */
export const MOBILE_MAX_WIDTH = 992;

/** Keeps the app preferences' device in step with the window's width. */
export function useDeviceWatcher(): void {
  useEffect(() => {
    const update = () => {
      const { device, setDevice, closeSidebar } = useAppPreferences.getState();
      const next = window.innerWidth < MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
      if (next === device) return;
      setDevice(next);
      // Entering mobile closes the drawer without animation, as upstream does.
      if (next === 'mobile') closeSidebar(true);
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
}

import { act, render, screen } from '@testing-library/react';
import { Button, theme } from 'antd';
import { ThemeProvider } from './theme-provider';

/** Shows the motion duration antd gives its components under the provider. */
function MotionProbe() {
  const { token } = theme.useToken();
  return <output>{token.motionDurationMid}</output>;
}

/** A system whose "less motion" preference can be changed while the page is open. */
function systemWithMotionPreference(initiallyReduced: boolean) {
  let reduced = initiallyReduced;
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(prefers-reduced-motion: reduce)' && reduced,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return {
    set(value: boolean) {
      reduced = value;
      for (const listener of listeners) listener();
    },
    restore: () => {
      window.matchMedia = original;
    },
  };
}

describe('ThemeProvider', () => {
  it('keeps two-character Chinese button labels as written, with no space inserted', () => {
    render(
      <ThemeProvider>
        <Button>登录</Button>
        <Button type="primary">保存</Button>
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: '登录' }).textContent).toBe('登录');
    expect(screen.getByRole('button', { name: '保存' }).textContent).toBe('保存');
  });

  it('turns motion off while the system asks for less of it, and back on when it no longer does', () => {
    const system = systemWithMotionPreference(true);
    try {
      render(
        <ThemeProvider>
          <MotionProbe />
        </ThemeProvider>,
      );
      expect(screen.getByRole('status')).toHaveTextContent(/^0s$/);
      act(() => system.set(false));
      expect(screen.getByRole('status')).not.toHaveTextContent(/^0s$/);
      act(() => system.set(true));
      expect(screen.getByRole('status')).toHaveTextContent(/^0s$/);
    } finally {
      system.restore();
    }
  });
});

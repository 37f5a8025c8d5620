import { App } from 'antd';
import { useEffect } from 'react';
import { WARNING_DURATION_S } from '../config/constants';

type TAppApi = ReturnType<typeof App.useApp>;

let current: TAppApi | undefined;

/**
 * The http client lives outside React, but antd's notification and message must come from
 * `App.useApp()` to follow the theme. This component, mounted inside antd's App, hands them over.
 */
export function NotifierBridge(): null {
  const api = App.useApp();
  useEffect(() => {
    current = api;
    return () => {
      if (current === api) current = undefined;
    };
  }, [api]);
  return null;
}

export const notifier = {
  warning: (title: string, text: string): void => {
    current?.notification.warning({
      title,
      description: text,
      duration: WARNING_DURATION_S,
      placement: 'bottomRight',
    });
  },
  error: (title: string, text: string): void => {
    current?.notification.error({ title, description: text });
  },
  success: (text: string): void => {
    void current?.message.success(text);
  },
};

import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { ThemeProvider } from './theme-provider';

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
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAGE, renderStorefront } from '../test-support';
import { starShapes } from './stars';

describe('stars', () => {
  it('round a rating to the nearest half star', () => {
    expect(starShapes(45)).toEqual({ full: 4, half: 1, empty: 0 });
    expect(starShapes(43)).toEqual({ full: 4, half: 1, empty: 0 });
    expect(starShapes(42)).toEqual({ full: 4, half: 0, empty: 1 });
    expect(starShapes(48)).toEqual({ full: 5, half: 0, empty: 0 });
    expect(starShapes(25)).toEqual({ full: 2, half: 1, empty: 2 });
    expect(starShapes(10)).toEqual({ full: 1, half: 0, empty: 4 });
    expect(starShapes(0)).toEqual({ full: 0, half: 0, empty: 5 });
    expect(starShapes(70)).toEqual({ full: 5, half: 0, empty: 0 });
  });

  it('draw a half star as half, named by the exact rating', () => {
    const teapot = { ...PAGE.products.list[0]!, ratingTenths: 35 };
    renderStorefront('/s/demo', { page: { ...PAGE, products: { list: [teapot], total: 1 } } });

    const stars = screen.getByRole('img', { name: 'Rated 3.5 out of 5' });
    const half = stars.querySelectorAll('.sf-star-half');
    expect(half).toHaveLength(1);
    expect(half[0]).toHaveTextContent('★');
    expect(stars.querySelector('.sf-stars-empty')).toHaveTextContent(/^★$/);
    expect(stars.textContent).toBe('★★★★★');
  });
});

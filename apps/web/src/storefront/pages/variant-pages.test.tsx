import type { TStorefrontProductDetail } from '@linkstore/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cartFor } from '../cart';
import { PAGE, PRODUCT, renderStorefront, stubApi } from '../test-support';

// Size S / M / L × Colour Black / Grey: S / Black sold out, no S / Grey nor L / Grey; L costs more.
const HOODIE: TStorefrontProductDetail = {
  ...PRODUCT,
  id: '201',
  title: 'Hoodie',
  imageUrl: '/hoodie.png',
  images: ['/hoodie.png'],
  priceMinor: 3600,
  priceVaries: true,
  stock: 10,
  defaultVariantId: '2002',
  reviews: {
    list: [{ ...PRODUCT.reviews.list[0]!, boughtVariant: 'M / Grey' }],
    total: 1,
  },
  options: [
    { id: '1', name: 'Size', values: ['S', 'M', 'L'].map((name, i) => ({ id: String(11 + i), name })) },
    {
      id: '2',
      name: 'Colour',
      values: [
        { id: '21', name: 'Black' },
        { id: '22', name: 'Grey' },
      ],
    },
  ],
  variants: [
    {
      id: '2001',
      valueIds: ['11', '21'],
      label: 'S / Black',
      priceMinor: 3600,
      compareAtMinor: null,
      stock: 0,
      imageUrl: null,
    },
    {
      id: '2002',
      valueIds: ['12', '21'],
      label: 'M / Black',
      priceMinor: 3600,
      compareAtMinor: null,
      stock: 5,
      imageUrl: null,
    },
    {
      id: '2003',
      valueIds: ['12', '22'],
      label: 'M / Grey',
      priceMinor: 3600,
      compareAtMinor: null,
      stock: 3,
      imageUrl: '/grey.png',
    },
    {
      id: '2004',
      valueIds: ['13', '21'],
      label: 'L / Black',
      priceMinor: 3900,
      compareAtMinor: null,
      stock: 2,
      imageUrl: null,
    },
  ],
};

afterEach(() => cartFor('demo').clear());

const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });

describe('a product with variants', () => {
  it('opens on the variant its link names, switches price, photo and stock with the choice and keeps it in the address', async () => {
    cartFor('demo').clear();
    stubApi({ 'GET /api/v1/public/shops/demo/products/201': HOODIE });
    renderStorefront('/s/demo/p/201?variant=2003&lang=en');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hoodie' })).toBeInTheDocument();
    // One named group per option; a screen reader hears "Size: M".
    expect(screen.getByRole('group', { name: 'Size: M' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Colour: Grey' })).toBeInTheDocument();
    expect(radio('Colour: Grey')).toBeChecked();
    expect(screen.getByText('$36.00', { selector: '.sf-price-large' })).toBeInTheDocument();
    // The grey photo first.
    expect(screen.getByRole('img', { name: 'Hoodie, image 1 of 2' })).toHaveAttribute('src', '/grey.png');
    // Not made in grey: S and L are off, with the reason.
    expect(radio('Size: S')).toBeDisabled();
    expect(radio('Size: S')).toHaveAccessibleName('Size: S (not made)');
    expect(radio('Size: L')).toBeDisabled();
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
    // A verified review says which variant its author bought.
    expect(screen.getByText('Lovely').closest('li')).toHaveTextContent(
      'Verified purchaseBought: M / GreyLovely',
    );

    fireEvent.click(radio('Colour: Black'));
    expect(radio('Size: M')).toBeChecked();
    expect(window.location.search).toBe('?variant=2002&lang=en');
    // In black, S is sold out and L is there.
    expect(radio('Size: S')).toHaveAccessibleName('Size: S (sold out)');
    expect(radio('Size: L')).toBeEnabled();
    fireEvent.click(radio('Size: L'));
    expect(window.location.search).toBe('?variant=2004&lang=en');
    expect(screen.getByText('$39.00', { selector: '.sf-price-large' })).toBeInTheDocument();
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Hoodie, image 1 of 1' })).toHaveAttribute('src', '/hoodie.png');

    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(cartFor('demo').lines()).toEqual([
      {
        productId: '201',
        variantId: '2004',
        variantLabel: 'L / Black',
        title: 'Hoodie',
        imageUrl: '/hoodie.png',
        priceMinor: 3900,
        stock: 2,
        quantity: 1,
      },
    ]);
  });

  it('puts each variant on a line of its own in the cart and the checkout, named with its variant', async () => {
    const cart = cartFor('demo');
    cart.clear();
    const line = { productId: '201', title: 'Hoodie', imageUrl: null, priceMinor: 3600, stock: 5 };
    cart.add({ ...line, variantId: '2002', variantLabel: 'M / Black' }, 1);
    cart.add({ ...line, variantId: '2003', variantLabel: 'M / Grey', stock: 3 }, 2);
    cart.add({ ...line, variantId: '2002', variantLabel: 'M / Black' }, 1);
    stubApi({});
    renderStorefront('/s/demo/cart');

    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity of Hoodie — M / Black')).toHaveValue(2);
    expect(screen.getByLabelText('Quantity of Hoodie — M / Grey')).toHaveValue(2);
    // Its link opens the product on that variant.
    const items = screen.getAllByRole('listitem');
    expect(within(items[1]!).getByRole('link', { name: 'Hoodie' })).toHaveAttribute(
      'href',
      '/s/demo/p/201?variant=2003',
    );
    // At most the variant's own stock.
    fireEvent.click(screen.getByRole('button', { name: 'One more Hoodie — M / Grey' }));
    expect(screen.getByRole('button', { name: 'One more Hoodie — M / Grey' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Hoodie — M / Black' }));
    expect(cart.lines().map((l) => [l.variantId, l.quantity])).toEqual([['2003', 3]]);
  });

  it('shows a product card’s "compare at" price struck through, read as "Was …"', async () => {
    const onSale = { ...PAGE.products.list[0]!, compareAtMinor: 2500 };
    renderStorefront('/s/demo', { page: { ...PAGE, products: { list: [onSale], total: 1 } } });
    const card = screen.getByRole('link', { name: 'Teapot' }).closest('li') as HTMLElement;
    const struck = within(card).getByText('$25.00');
    expect(struck.tagName).toBe('S');
    expect(struck).toHaveAttribute('aria-hidden', 'true');
    expect(within(card).getByText('Was $25.00')).toHaveClass('sf-visually-hidden');
    expect(card.querySelector('.sf-price')).toHaveTextContent('$19.99 $25.00Was $25.00');
  });

  it('switches the "compare at" price with the variant chosen, and none where it has none', async () => {
    const onSale: TStorefrontProductDetail = {
      ...HOODIE,
      compareAtMinor: 4500,
      variants: HOODIE.variants.map((variant) =>
        variant.id === '2002' ? { ...variant, compareAtMinor: 4500 } : variant,
      ),
    };
    stubApi({ 'GET /api/v1/public/shops/demo/products/201': onSale });
    renderStorefront('/s/demo/p/201?variant=2002&lang=en');
    const price = await screen.findByText('$36.00', { selector: '.sf-price-large', exact: false });
    expect(price).toHaveTextContent('$36.00 $45.00Was $45.00');
    expect(within(price).getByText('$45.00').tagName).toBe('S');

    fireEvent.click(radio('Size: L'));
    expect(screen.getByText('$39.00', { selector: '.sf-price-large' })).toBeInTheDocument();
    expect(document.querySelector('.sf-price-large s')).toBeNull();
    expect(screen.queryByText(/^Was /)).not.toBeInTheDocument();
  });
});

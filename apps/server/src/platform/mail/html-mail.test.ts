import { describe, expect, it } from 'vitest';
import { htmlMail } from './html-mail';

describe('the HTML part of a mail', () => {
  const html = htmlMail({
    lang: 'es',
    subject: 'Tu pedido LS1 de <Tienda> está en camino',
    text: 'Buenas noticias: tu pedido salió.\nTransportista: UPS\n\nSigue tu paquete: https://www.ups.com/track?n=1Z9&x=1\n\nVer https://shop.example/s/a/order/t.sig?lang=es.',
    brand: { name: 'Tienda <b>', imageUrl: 'https://cdn.example/shop.png' },
  });

  it('says what the text says: the subject as its heading, paragraphs, lines, in the mail’s language', () => {
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(
      '<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">Tu pedido LS1 de &lt;Tienda&gt; está en camino</h1>',
    );
    expect(html).toContain('Buenas noticias: tu pedido salió.<br>Transportista: UPS</p>');
    expect(html.match(/<h1/g)).toHaveLength(1);
  });

  it('links every address, a labelled one by its label, leaving the sentence’s full stop out', () => {
    expect(html).toContain('href="https://www.ups.com/track?n=1Z9&amp;x=1"');
    expect(html).toMatch(/>Sigue tu paquete<\/a>/);
    expect(html).toContain('Ver <a href="https://shop.example/s/a/order/t.sig?lang=es"');
    expect(html).toMatch(/lang=es<\/a>\.<\/p>/);
  });

  it('shows the shop’s name and image, escaped, and nothing remote besides', () => {
    expect(html).toContain('Tienda &lt;b&gt;</p>');
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toContain('src="https://cdn.example/shop.png" alt=""');
    expect(html).not.toMatch(/<script|<link|@import|url\(/i);
    const noImage = htmlMail({
      lang: 'en',
      subject: 's',
      text: 't',
      brand: { name: 'A', imageUrl: 'javascript:x' },
    });
    expect(noImage).not.toContain('<img');
    expect(htmlMail({ lang: 'en', subject: 's', text: 't' })).not.toContain('<img');
  });
});

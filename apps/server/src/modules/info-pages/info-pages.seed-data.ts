import type { TInfoPageKey, TLanguage } from '@linkstore/contract';

/**
 * The texts a new install starts with, paragraphs separated by blank lines. Operators rewrite
 * them in the console (Shop information); the seed never touches a page once it exists.
 */
export const SEED_INFO_PAGES: Record<TInfoPageKey, Record<TLanguage, string>> = {
  shipping: {
    en: `Every order is packed and shipped by LinkStore, whichever creator's shop it was bought in.

Shipping is free on every order. Orders are sent within 2 business days; delivery usually takes 5 to 10 business days, depending on the country.

When your order ships you get an email with its tracking number.`,
    es: `Todos los pedidos los prepara y envía LinkStore, sea cual sea la tienda del creador donde se compraron.

El envío es gratuito en todos los pedidos. Los pedidos salen en un plazo de 2 días hábiles; la entrega suele tardar entre 5 y 10 días hábiles, según el país.

Cuando se envía tu pedido, recibes un correo con su número de seguimiento.`,
    pt: `Todos os pedidos são embalados e enviados pela LinkStore, seja qual for a loja do criador onde foram comprados.

O frete é grátis em todos os pedidos. Os pedidos saem em até 2 dias úteis; a entrega costuma levar de 5 a 10 dias úteis, conforme o país.

Quando o seu pedido é enviado, você recebe um e-mail com o código de rastreamento.`,
    'zh-cn': `所有订单均由 LinkStore 统一打包和发货，无论是在哪位创作者的店铺购买的。

所有订单免运费。订单在 2 个工作日内发出；送达通常需要 5 到 10 个工作日，视国家而定。

订单发货后，您会收到一封附有物流单号的邮件。`,
    fr: `Chaque commande est préparée et expédiée par LinkStore, quelle que soit la boutique du créateur où elle a été passée.

La livraison est gratuite pour toutes les commandes. Les commandes partent sous 2 jours ouvrés ; la livraison prend en général de 5 à 10 jours ouvrés selon le pays.

À l'expédition de votre commande, vous recevez un e-mail avec son numéro de suivi.`,
  },
  returns: {
    en: `You can return any item within 30 days of delivery for a full refund.

Write to us with your order number and the item you want to return; we answer with the return address. Once the item is back, the refund goes to the PayPal account you paid with within 5 business days.

An item that arrives damaged is replaced or refunded at no cost to you.`,
    es: `Puedes devolver cualquier artículo en los 30 días siguientes a la entrega y recibir el reembolso completo.

Escríbenos con tu número de pedido y el artículo que quieres devolver; te respondemos con la dirección de devolución. Cuando recibimos el artículo, el reembolso llega a la cuenta de PayPal con la que pagaste en un plazo de 5 días hábiles.

Un artículo que llega dañado se sustituye o se reembolsa sin coste para ti.`,
    pt: `Você pode devolver qualquer item em até 30 dias após a entrega e receber o reembolso integral.

Escreva para nós com o número do pedido e o item que deseja devolver; respondemos com o endereço de devolução. Quando o item chega, o reembolso vai para a conta PayPal usada no pagamento em até 5 dias úteis.

Um item que chega danificado é trocado ou reembolsado sem custo para você.`,
    'zh-cn': `商品签收后 30 天内均可退货，并获得全额退款。

请将订单号和要退的商品发送给我们，我们会回复退货地址。收到退回的商品后，退款将在 5 个工作日内退回到您付款所用的 PayPal 账户。

如商品到货时已损坏，我们将免费为您更换或退款。`,
    fr: `Vous pouvez retourner tout article dans les 30 jours suivant la livraison et être remboursé intégralement.

Écrivez-nous avec votre numéro de commande et l'article à retourner ; nous vous répondons avec l'adresse de retour. Dès réception de l'article, le remboursement est versé sous 5 jours ouvrés sur le compte PayPal utilisé pour payer.

Un article arrivé endommagé est remplacé ou remboursé sans frais pour vous.`,
  },
  contact: {
    en: `Questions about an order, a delivery or a return? Write to support@linkstore.example with your order number.

We answer every message within one business day, Monday to Friday.`,
    es: `¿Preguntas sobre un pedido, una entrega o una devolución? Escribe a support@linkstore.example con tu número de pedido.

Respondemos a todos los mensajes en un día hábil, de lunes a viernes.`,
    pt: `Dúvidas sobre um pedido, uma entrega ou uma devolução? Escreva para support@linkstore.example com o número do pedido.

Respondemos a todas as mensagens em até um dia útil, de segunda a sexta.`,
    'zh-cn': `对订单、配送或退货有疑问？请附上订单号发送邮件至 support@linkstore.example。

我们会在一个工作日内回复每一条消息（周一至周五）。`,
    fr: `Une question sur une commande, une livraison ou un retour ? Écrivez à support@linkstore.example en indiquant votre numéro de commande.

Nous répondons à chaque message sous un jour ouvré, du lundi au vendredi.`,
  },
  terms: {
    en: `These terms apply to every purchase made in a shop on LinkStore. The seller is LinkStore; the creator whose shop you bought in recommends the products and earns part of the price.

Prices are charged in US dollars through PayPal; an amount shown in another currency is an estimate. Your order is confirmed once the payment is completed.

Shipping and returns are described on their own pages, which are part of these terms.`,
    es: `Estas condiciones se aplican a toda compra hecha en una tienda de LinkStore. El vendedor es LinkStore; el creador en cuya tienda compraste recomienda los productos y gana una parte del precio.

Los precios se cobran en dólares estadounidenses mediante PayPal; un importe mostrado en otra moneda es una estimación. Tu pedido queda confirmado cuando se completa el pago.

Los envíos y las devoluciones se describen en sus propias páginas, que forman parte de estas condiciones.`,
    pt: `Estes termos se aplicam a toda compra feita em uma loja da LinkStore. A vendedora é a LinkStore; o criador em cuja loja você comprou recomenda os produtos e ganha parte do preço.

Os preços são cobrados em dólares americanos pelo PayPal; um valor mostrado em outra moeda é uma estimativa. O seu pedido é confirmado quando o pagamento é concluído.

Frete e devoluções são descritos em páginas próprias, que fazem parte destes termos.`,
    'zh-cn': `本条款适用于在 LinkStore 任一店铺中的每笔购买。卖方为 LinkStore；您所购买店铺的创作者推荐商品并获得部分售价作为收益。

价格通过 PayPal 以美元收取；以其他货币显示的金额仅为估算。付款完成后，您的订单即被确认。

配送和退货说明见各自的页面，这些页面是本条款的一部分。`,
    fr: `Ces conditions s'appliquent à tout achat effectué dans une boutique LinkStore. Le vendeur est LinkStore ; le créateur dans la boutique duquel vous achetez recommande les produits et perçoit une part du prix.

Les prix sont débités en dollars américains via PayPal ; un montant affiché dans une autre devise est une estimation. Votre commande est confirmée une fois le paiement effectué.

La livraison et les retours sont décrits sur leurs propres pages, qui font partie de ces conditions.`,
  },
  privacy: {
    en: `We use your name, email and shipping address only to deliver your order, to tell you about it and to answer you. Payments are handled by PayPal: we never see your card.

The creator whose shop you bought in sees your order's items and amount, not your address or email.

Write to support@linkstore.example to see or delete the data we hold about you.`,
    es: `Usamos tu nombre, correo y dirección de envío solo para entregar tu pedido, informarte sobre él y responderte. Los pagos los gestiona PayPal: nunca vemos tu tarjeta.

El creador en cuya tienda compraste ve los artículos y el importe de tu pedido, no tu dirección ni tu correo.

Escribe a support@linkstore.example para consultar o borrar los datos que tenemos sobre ti.`,
    pt: `Usamos seu nome, e-mail e endereço de entrega apenas para entregar o pedido, informar você sobre ele e responder às suas mensagens. Os pagamentos são processados pelo PayPal: nunca vemos o seu cartão.

O criador em cuja loja você comprou vê os itens e o valor do pedido, não o seu endereço nem o seu e-mail.

Escreva para support@linkstore.example para consultar ou apagar os dados que temos sobre você.`,
    'zh-cn': `我们仅将您的姓名、邮箱和收货地址用于配送订单、向您通知订单情况以及回复您。付款由 PayPal 处理：我们从不接触您的银行卡信息。

您所购买店铺的创作者能看到订单中的商品和金额，看不到您的地址和邮箱。

如需查看或删除我们保存的您的数据，请发送邮件至 support@linkstore.example。`,
    fr: `Nous utilisons vos nom, e-mail et adresse de livraison uniquement pour livrer votre commande, vous en informer et vous répondre. Les paiements sont traités par PayPal : nous ne voyons jamais votre carte.

Le créateur dans la boutique duquel vous achetez voit les articles et le montant de votre commande, pas votre adresse ni votre e-mail.

Écrivez à support@linkstore.example pour consulter ou supprimer les données que nous détenons sur vous.`,
  },
};

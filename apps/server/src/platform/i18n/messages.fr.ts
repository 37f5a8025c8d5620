import type { Messages } from './messages.en';

export const fr = {
  'common.success': 'Succès',
  'common.warning': 'Avertissement',
  'error.accessTokenInvalid': 'Votre session a expiré, veuillez vous reconnecter.',
  'error.refreshTokenInvalid': 'Votre session ne peut plus être renouvelée, veuillez vous reconnecter.',
  'error.forbidden': "Vous n'avez pas l'autorisation de faire cela.",
  'error.validation': 'Certains champs ne sont pas valides : {fields}',
  'error.malformedBody': "Le corps de la requête n'est pas un JSON valide.",
  'error.emptyBody': 'Le corps de la requête est vide.',
  'error.payloadTooLarge': 'La requête est trop volumineuse.',
  'error.unsupportedMediaType':
    "Ce type de contenu n'est pas accepté : envoyez du JSON (application/json), ou multipart/form-data pour un envoi de fichier.",
  'error.rateLimited': 'Trop de requêtes ; patientez un instant puis réessayez.',
  'error.notFound': "L'enregistrement demandé n'existe pas.",
  'error.routeNotFound': "Il n'existe aucun point de terminaison {method} à cette adresse.",
  'error.serviceUnavailable': 'Le service est momentanément indisponible ; réessayez.',
  'error.badRequest': "La requête n'est pas valide.",
  'error.internal': 'Un problème est survenu de notre côté. Réessayez plus tard.',
  'error.duplicate': '{field} est déjà utilisé.',
  'configs.qpsLimit':
    '{field} doit être un nombre entier de requêtes par seconde entre 0 (désactivé) et 999999.',
  'error.hasChildren': "Il contient encore des éléments : supprimez-les ou déplacez-les d'abord.",
  'error.invalidParent':
    "Le parent n'est pas valide : il ne peut pas être l'élément lui-même ni l'un de ses enfants.",
  'error.inUse': 'Il est encore utilisé et ne peut pas être supprimé.',
  'error.protected': 'Cet enregistrement intégré ne peut pas être modifié ainsi.',
  'validation.required': '{field} est obligatoire',
  'validation.invalidType': '{field} doit être {expected}',
  'validation.tooSmall.string': '{field} doit contenir au moins {minimum} caractères',
  'validation.tooSmall.number': '{field} doit être au moins {minimum}',
  'validation.tooSmall.array': '{field} doit contenir au moins {minimum} éléments',
  'validation.tooBig.string': '{field} doit contenir au plus {maximum} caractères',
  'validation.tooBig.number': '{field} doit être au plus {maximum}',
  'validation.tooBig.array': '{field} doit contenir au plus {maximum} éléments',
  'validation.invalidFormat': "{field} n'est pas un {format} valide",
  'validation.invalidValue': "{field} doit être l'une des valeurs : {values}",
  'validation.unrecognizedKeys': 'Champ inconnu : {keys}',
  'validation.notInteger': '{field} doit être un nombre entier',
  'validation.invalid': "{field} n'est pas valide",
  'validation.unstorableText':
    '{field} contient des caractères impossibles à enregistrer (un caractère nul ou un emoji cassé)',
  'validation.dateOrder': 'La date de début ne peut pas être postérieure à la date de fin',
  'validation.dateSpan': 'La période peut couvrir au plus 366 jours',
  'validation.timeZone': 'Fuseau horaire inconnu : utilisez un nom comme Europe/Paris',
  'validation.dictCode':
    '{field} doit commencer par une lettre minuscule et ne contenir que des lettres minuscules, des chiffres et _',
  'validation.controlCharacters':
    '{field} ne doit pas contenir de caractères de contrôle (sauts de ligne, tabulations ou marques de direction invisibles)',
  'validation.codegenReservedModule':
    "{field} est l'espace de permissions d'un module intégré (sys, system, dev, catalog, demo, linkstore) : choisissez un autre nom de module",
  'codegen.writeDevelopmentOnly':
    "Les fichiers générés ne peuvent être écrits dans l'arbre de travail que par un serveur en mode développement.",
  'codegen.fileExists':
    '{path} existe déjà avec un autre contenu : aucun fichier généré n’a été écrit (choisissez un autre nom de module ou d’entité).',
  'codegen.unknownColumn': "La table n'a pas cette colonne.",
  'codegen.columnNeeded':
    "Cette colonne n'a pas de valeur par défaut et ne peut pas rester vide : gardez-la dans le formulaire.",
  'codegen.parentNotCatalog': 'Le menu parent doit être un catalogue existant.',
  'codegen.noPrimaryKey':
    'La table doit avoir une clé primaire sur une seule colonne pour que du code puisse être généré.',
  'codegen.permissionExists':
    "La permission {perm} existe déjà : un module généré ne reçoit que de nouvelles permissions (choisissez un autre nom de module ou d'entité).",
  'codegen.permissionNamespace':
    "La permission {perm} est en dehors de l'espace de permissions {namespace} du module généré.",
  'codegen.routeNameTaken':
    "Une autre page utilise déjà le nom de route {routeName} : choisissez un autre nom d'entité.",
  'codegen.menuAddNeeded': 'Créer le menu de la page nécessite la permission sys:menu:add.',
  'codegen.roleAssignNeeded':
    "Créer le menu de la page l'accorde à ADMIN, ce qui nécessite la permission sys:role:assign.",
  'codegen.unsafeColumn':
    'La colonne {column} a un type ou une valeur par défaut que le générateur ne peut pas recopier sans risque dans une migration : écrivez la migration de cette colonne à la main.',
  'dict.unknown': "Aucun dictionnaire n'a ce code.",
  'catalog.category.parentNotFirstLevel': 'La catégorie parente doit être une catégorie de premier niveau.',
  'catalog.category.hasSubcategories': 'Elle a des sous-catégories : supprimez-les ou déplacez-les d’abord.',
  'catalog.category.hasProducts':
    'Elle contient encore des produits : déplacez-les ou supprimez-les d’abord.',
  'catalog.product.categoryNotSecondLevel': 'La catégorie doit être une catégorie de second niveau.',
  'catalog.variant.optionTwice': 'Une autre option porte déjà ce nom.',
  'catalog.variant.valueTwice': 'Cette option a déjà cette valeur.',
  'catalog.variant.valuesPerOption': 'Une variante doit avoir une valeur de chaque option ({count}).',
  'catalog.variant.noSuchValue': 'L’option {option} n’a pas de valeur « {value} ».',
  'catalog.variant.combinationTwice': 'Une autre variante a déjà ces valeurs.',
  'catalog.variant.skuTwice': 'Une autre variante a déjà ce SKU.',
  'catalog.variant.skuTaken': 'Le SKU {sku} appartient à un autre produit.',
  'catalog.variant.notOfProduct': 'Cette variante appartient à un autre produit.',
  'catalog.stock.sheet': 'Stock',
  'catalog.stock.column.sku': 'SKU',
  'catalog.stock.column.product': 'Produit',
  'catalog.stock.column.variant': 'Variante',
  'catalog.stock.column.stock': 'Stock',
  'catalog.stock.column.status': 'Statut',
  'catalog.stock.status.1': 'Activée',
  'catalog.stock.status.0': 'Désactivée',
  'catalog.stock.headerMissing':
    'La première ligne doit nommer les colonnes {columns} : exportez le stock pour obtenir une feuille à remplir.',
  'catalog.stock.noRows': 'Le fichier n’a aucune ligne de stock.',
  'catalog.stock.tooManyRows':
    'Le fichier a plus de {max} lignes : veuillez le diviser en fichiers plus petits.',
  'catalog.stock.tooManyVariants': 'Il y a plus de {max} variantes : trop pour une seule feuille.',
  'catalog.stock.rowsRefused':
    'Rien n’a été importé : corrigez les lignes {rows} et importez le fichier à nouveau.',
  'catalog.stock.skuMissing': 'Ligne {row} : le SKU manque.',
  'catalog.stock.skuInvalid':
    'Ligne {row} : « {value} » n’est pas un SKU valide (lettres, chiffres et . _ -).',
  'catalog.stock.skuRepeated': 'Ligne {row} : le SKU {sku} figure déjà à la ligne {first}.',
  'catalog.stock.skuUnknown': 'Ligne {row} : aucune variante n’a le SKU {sku}.',
  'catalog.stock.stockInvalid': 'Ligne {row} : le stock « {value} » n’est pas un nombre entier de 0 à {max}.',
  'catalog.sizeGuide.noColumns': 'Un guide des tailles a besoin d’au moins une mesure.',
  'catalog.sizeGuide.tooManyColumns': 'Un guide des tailles a au plus 12 mesures.',
  'catalog.sizeGuide.noRows': 'Un guide des tailles a besoin d’au moins une taille.',
  'catalog.sizeGuide.tooManyRows': 'Un guide des tailles a au plus 30 tailles.',
  'catalog.sizeGuide.valueRange': 'Une mesure doit être supérieure à 0 et d’au plus 5000 mm (500 cm).',
  'catalog.sizeGuide.valuesPerRow': 'Chaque taille a besoin d’une valeur par mesure ({count}).',
  'catalog.sizeGuide.sizeTwice': 'Une autre taille porte déjà ce nom.',
  'catalog.sizeGuide.columnTwice': 'Une autre mesure porte déjà ce nom.',
  'files.tooLarge': 'La taille de l’image envoyée ne peut pas dépasser 2M',
  'files.notAnImage': 'Seules les images JPEG, PNG, WebP ou GIF peuvent être envoyées.',
  'shops.notCreated': "Vous n'avez pas encore ouvert votre boutique.",
  'shops.paypal.payoutInFlight':
    "Un versement est en route vers votre compte PayPal : vous pourrez changer de compte une fois qu'il sera arrivé.",
  'shops.paypal.tooManyAttempts':
    'Trop de tentatives de connexion à PayPal : patientez quelques minutes puis réessayez.',
  'shops.alreadyCreated': 'Vous avez déjà une boutique.',
  'shops.slugReserved': 'Le lien « {slug} » est réservé, veuillez en choisir un autre.',
  'shops.slugTaken': 'Le lien « {slug} » est déjà pris, veuillez en choisir un autre.',
  'shops.bannerOrderIncomplete':
    "L'ordre doit contenir chaque bannière de votre boutique exactement une fois.",
  'shops.products.notOnSale':
    'Certains de ces produits ne sont plus en vente : rechargez la liste et réessayez.',
  'shops.products.orderIncomplete':
    "L'ordre doit contenir chaque produit de cette catégorie exactement une fois.",
  'shops.categories.orderIncomplete':
    "L'ordre doit contenir chaque catégorie de ce niveau exactement une fois.",
  'shops.freeShipping.tooLow':
    'À ce montant, une commande ne pourrait pas payer sa livraison sur votre bénéfice : offrez la livraison à partir de {lowest}.',
  'shops.freeShipping.atCost':
    '« {product} » est vendu à son coût, ses commandes ne pourraient donc pas payer la livraison : augmentez d’abord son prix.',
  'pricing.belowCost':
    'Le prix de vente de « {product} » ({price}) ne peut pas être inférieur à son coût ({cost}).',
  'pricing.compareAtNotAbove':
    'Le prix barré de « {product} » ({compareAt}) doit être supérieur à son prix de vente ({price}).',
  'pricing.variantUnknown': 'Ce n’est pas une variante de « {product} ».',
  'payouts.accountRequired':
    'Connectez votre compte PayPal avec « Se connecter avec PayPal » avant de retirer.',
  'payouts.held': 'Vos versements sont suspendus. Contactez le support.',
  'payouts.inFlight': 'Un versement est déjà en cours. Attendez qu’il soit terminé.',
  'payouts.currency': 'Les versements sont faits en {currency}.',
  'payouts.nothingAvailable': 'Rien n’est encore disponible au retrait.',
  'payouts.overAvailable': 'Vous pouvez retirer au plus {available}.',
  'payouts.belowMinimum': 'Le versement minimum est de {minimum}.',
  'payouts.overDailyMaximum': 'Au plus {maximum} peuvent être versés par jour ; il reste {left} aujourd’hui.',
  'files.unreadable': 'L’image n’a pas pu être lue : le fichier est peut-être endommagé.',
  'files.tooManyPixels': 'L’image est trop grande : {max} mégapixels au maximum.',
  'checkout.postalCodeCountry': 'Ce code postal n’a pas le format du pays choisi.',
  'checkout.regionUnknown': 'Choisissez l’État, la province ou le territoire dans la liste.',
  'checkout.duplicateItem':
    'Chaque produit, dans chaque taille ou couleur, ne peut figurer qu’une fois dans le panier.',
  'checkout.alreadyPlaced':
    'Ce paiement a déjà servi pour une commande dans une autre boutique. Rechargez la page pour en commencer un nouveau.',
  'checkout.notOnSale':
    'Certains produits de votre panier ne sont plus en vente dans cette boutique. Veuillez vérifier votre panier.',
  'checkout.notShippedThere':
    'Nous ne livrons pas encore dans ce pays. Choisissez une autre adresse ou contactez la boutique.',
  'checkout.methodNotOffered':
    'Ce mode de livraison n’est plus proposé pour cette adresse. Choisissez l’un de ceux affichés.',
  'checkout.variantNotOnSale':
    'La taille ou la couleur choisie pour « {product} » n’est plus vendue. Choisissez-en une autre.',
  'checkout.outOfStock':
    'Il ne reste que {left} exemplaire(s) de « {product} ». Veuillez modifier la quantité.',
  'checkout.paymentNotStarted':
    'Le paiement n’a pas pu être lancé et rien n’a été débité. Veuillez réessayer dans un instant.',
  'checkout.notApproved': 'Le paiement n’a pas encore été approuvé. Approuvez-le, puis réessayez.',
  'checkout.captureFailed':
    'Le paiement n’a pas pu être finalisé pour le moment. Veuillez réessayer dans un instant.',
  'checkout.captureDeclined':
    'Le paiement a été refusé et aucun montant n’a été débité. Essayez un autre moyen de paiement.',
  'checkout.amountMismatch':
    'Le montant payé ne correspond pas au total de la commande : la commande n’a donc pas été confirmée. Notre équipe va vérifier et vous contactera.',
  'checkout.webhookRejected': 'La notification n’a pas pu être vérifiée.',
  'mail.orderPaid.subject': 'Votre commande {orderNo} chez {shop} est confirmée',
  'mail.orderPaid.body':
    'Merci pour votre commande chez {shop}. Nous avons bien reçu votre paiement.\n\nNuméro de commande : {orderNo}\n\n{items}\n\n{summary}\nTotal payé : {total}',
  'mail.orderPaid.items': 'Articles : {amount}',
  'mail.orderPaid.discount': 'Remise : −{amount}',
  'mail.orderPaid.discountCode': 'Remise ({code}) : −{amount}',
  'mail.orderPaid.shipping': 'Livraison : {amount}',
  'mail.orderPaid.shippingFree': 'Livraison : offerte (par la boutique)',
  'mail.orderPaid.tax': '{tax} {rate} : {amount}',
  'mail.orderPaid.taxIncluded': 'Dont {tax} {rate} : {amount}',
  'mail.orderPaid.delivery': 'Délai : {method}, {min} à {max} jours ouvrés après l’expédition',
  'mail.orderPaid.line': '{quantity} × {product} : {amount}',
  'mail.orderPaid.ioss': 'La TVA à l’importation est incluse : rien de plus à payer à la livraison (IOSS).',
  'mail.orderPaid.import':
    'La TVA à l’importation et les droits de douane ne sont pas inclus : le transporteur les perçoit à la livraison.',
  'type.string': 'texte',
  'type.number': 'nombre',
  'type.int': 'nombre entier',
  'type.boolean': 'vrai ou faux',
  'type.object': 'objet',
  'type.array': 'liste',
  'type.date': 'date',
  'format.email': 'e-mail',
  'format.url': 'URL',
  'format.uuid': 'identifiant',
  'format.regex': 'valeur',
  'format.datetime': 'date et heure',
  'format.date': 'date',
  'currency.invalid': '{field} doit être un code de devise à trois lettres',
  'validation.email': 'Veuillez saisir un e-mail valide',
  'validation.passwordShort': 'Le mot de passe doit contenir au moins 8 caractères',
  'validation.passwordWeak': 'Le mot de passe doit contenir une lettre et un chiffre',
  'validation.code': 'Veuillez saisir le code à 6 chiffres reçu par e-mail',
  'validation.passwordMismatch': 'Les deux mots de passe ne correspondent pas',
  'auth.badCredentials': 'Compte ou mot de passe incorrect.',
  'auth.accountDisabled': 'Ce compte est désactivé. Veuillez contacter le support.',
  'auth.captchaRequired': 'Veuillez saisir le code de vérification',
  'auth.captchaInvalid': 'Le code de vérification est incorrect ou a expiré. Essayez le nouveau.',
  'auth.codeInvalid': "Le code est incorrect ou a expiré. Vérifiez l'e-mail ou demandez un nouveau code.",
  'auth.codeTooSoon': 'Veuillez patienter {seconds} secondes avant de demander un autre code.',
  'auth.codeDailyLimit': "Trop de codes ont été envoyés à cette adresse aujourd'hui. Réessayez demain.",
  'auth.oauthNotConfigured': "La connexion avec {provider} n'est pas disponible.",
  'auth.oauthFailed': "La connexion avec {provider} n'a pas abouti. Veuillez réessayer.",
  'mail.registerCode.subject': "Votre code d'inscription LinkStore : {code}",
  'mail.registerCode.body':
    "Votre code pour créer un compte LinkStore est {code}. Il est valable {minutes} minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail.",
  'mail.resetCode.subject': 'Votre code de réinitialisation du mot de passe LinkStore : {code}',
  'mail.resetCode.body':
    "Votre code pour réinitialiser votre mot de passe LinkStore est {code}. Il est valable {minutes} minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail : votre mot de passe reste inchangé.",
  'mail.alreadyRegistered.subject': 'Vous avez déjà un compte LinkStore',
  'mail.alreadyRegistered.body':
    "Quelqu'un a demandé à créer un compte LinkStore avec cette adresse, qui en a déjà un. Connectez-vous, ou réinitialisez votre mot de passe si vous l'avez oublié. Si ce n'était pas vous, ignorez cet e-mail.",
  'mail.noAccount.subject': 'Réinitialisation du mot de passe LinkStore',
  'mail.noAccount.body':
    "Quelqu'un a demandé à réinitialiser le mot de passe LinkStore de cette adresse, mais aucun compte ne l'utilise. Vous pouvez en créer un gratuitement. Si ce n'était pas vous, ignorez cet e-mail.",
  'validation.mobile': 'Veuillez saisir un numéro de mobile valide (chiffres, éventuellement précédés de +)',
  'validation.url': 'Veuillez saisir une adresse web valide (http ou https)',
  'validation.file': 'Veuillez choisir un fichier à envoyer',
  'users.selfDelete': 'Vous ne pouvez pas supprimer votre propre compte.',
  'users.selfDisable': 'Vous ne pouvez pas désactiver votre propre compte.',
  'users.wrongPassword': 'Le mot de passe actuel est incorrect.',
  'users.export.tooMany': 'Plus de {max} utilisateurs correspondent : affinez le filtre avant d’exporter.',
  'users.import.notXlsx': 'Le fichier n’est pas un classeur Excel (.xlsx).',
  'users.import.tooLarge': 'Le classeur est trop volumineux une fois décompressé.',
  'users.import.tooManyRows': 'Le fichier a plus de {max} lignes : découpez-le en fichiers plus petits.',
  'users.import.noRows': 'Le fichier ne contient aucune ligne d’utilisateur.',
  'users.import.usernameMissing': 'Le nom d’utilisateur manque',
  'users.import.usernameInvalid':
    'Le nom d’utilisateur « {value} » n’est pas valide (2 à 64 lettres, chiffres, _ . -)',
  'users.import.usernameRepeated': 'Le nom d’utilisateur « {value} » figure déjà à la ligne {row}',
  'users.import.usernameTaken': 'Le nom d’utilisateur « {value} » est déjà utilisé',
  'users.import.nicknameTooLong': 'Le pseudo dépasse 64 caractères',
  'users.import.genderInvalid': 'Le genre « {value} » est inconnu',
  'users.import.mobileInvalid': 'Le mobile « {value} » n’est pas valide',
  'users.import.emailInvalid': 'L’e-mail « {value} » n’est pas valide',
  'users.import.emailRepeated': 'L’e-mail « {value} » figure déjà à la ligne {row}',
  'users.import.emailTaken': 'L’e-mail « {value} » est déjà utilisé',
  'users.import.rolesMissing': 'Au moins un code de rôle est requis',
  'users.import.roleUnknown': 'Le code de rôle « {value} » n’existe pas',
  'users.import.deptUnknown': 'Le code de département « {value} » n’existe pas',
  'users.column.username': 'Nom d’utilisateur',
  'users.column.nickname': 'Pseudo',
  'users.column.gender': 'Genre',
  'users.column.mobile': 'Mobile',
  'users.column.email': 'E-mail',
  'users.column.roles': 'Rôles',
  'users.column.dept': 'Département',
  'users.column.deptName': 'Nom du département',
  'users.column.status': 'Statut',
  'users.column.createTime': 'Créé le',
  'users.gender.0': 'Préfère ne pas dire',
  'users.gender.1': 'Homme',
  'users.gender.2': 'Femme',
  'users.status.0': 'Désactivé',
  'users.status.1': 'Actif',
  'users.sheet': 'Utilisateurs',
  'mail.bindEmailCode.subject': 'Votre code de confirmation d’e-mail LinkStore : {code}',
  'mail.bindEmailCode.body':
    'Votre code pour ajouter cette adresse à votre compte LinkStore est {code}. Il est valable {minutes} minutes. Si vous ne l’avez pas demandé, ignorez cet e-mail.',
  'mail.emailInUse.subject': 'Cette adresse appartient déjà à un compte LinkStore',
  'mail.emailInUse.body':
    'Quelqu’un a demandé à ajouter cette adresse à un compte LinkStore, mais un autre compte l’utilise déjà, donc aucun code n’a été envoyé. Si ce n’était pas vous, ignorez cet e-mail.',
  'storefront.shopNotFound': 'Boutique introuvable',
  'storefront.shopNotFoundBody':
    "Il n'y a aucune boutique à cette adresse. Vérifiez le lien que l'on vous a donné.",
  'storefront.productNotFound': 'Produit introuvable',
  'storefront.productNotFoundBody': "Ce produit n'est plus vendu dans cette boutique.",
  'storefront.backToShop': 'Retour à la boutique',
  'storefront.payment': 'Paiement',
  'storefront.orderTitle': 'Votre commande · {shop}',
  'storefront.findOrderTitle': 'Retrouver ma commande · {shop}',
  'orders.pay.duplicate': 'Chaque commande ne peut figurer qu’une fois dans un paiement.',
  'orders.pay.notUnpaid':
    'Ces commandes ne sont plus impayées (leur acheteur les a payées) : {orders}. Rien n’a été débité.',
  'orders.pay.beingPaid':
    'Une commande est en cours de paiement par son acheteur. Rien n’a été débité ; réessayez dans un instant.',
  'orders.pay.notApproved': 'Le paiement n’a pas encore été approuvé. Approuvez-le, puis réessayez.',
  'orders.pay.declined': 'Le paiement a été refusé. Rien n’a été débité pour ces commandes.',
  'orders.pay.amountMismatch':
    'Le montant débité ne correspond pas au montant dû. Les commandes n’ont pas été payées ; notre équipe vous contactera.',
  'orders.pay.pending':
    'Le paiement est en cours d’examen par le prestataire. Les commandes seront payées une fois celui-ci terminé.',
  'checkout.paidByShop':
    'Cette commande est en cours de paiement par la boutique. Votre paiement n’a pas été prélevé.',
  'storefront.webBuildMissing':
    "L'application web n'est pas encore construite : lancez npm run build, puis rechargez cette page.",
  'validation.trackingNo': 'Le numéro de suivi ne correspond pas au format de ce transporteur',
  'orders.ship.duplicate': 'La commande {orderNo} figure plusieurs fois.',
  'orders.ship.notFound': "La commande {orderNo} n'existe pas. Rien n'a été expédié.",
  'orders.ship.unpaid':
    "La commande {orderNo} n'est pas encore payée et ne peut pas être expédiée. Rien n'a été expédié.",
  'orders.ship.refunded':
    "La commande {orderNo} a été remboursée en totalité : elle ne doit pas être expédiée. Rien n'a été expédié.",
  'orders.ship.completed': "La commande {orderNo} est déjà terminée. Rien n'a été expédié.",
  'orders.ship.stale':
    "La commande {orderNo} a changé depuis son ouverture. Rechargez et réessayez. Rien n'a été expédié.",
  'mail.orderShipped.subject': 'Votre commande {orderNo} chez {shop} est en route',
  'mail.orderShipped.body':
    'Bonne nouvelle : votre commande {orderNo} chez {shop} a été expédiée.\n\nTransporteur : {carrier}\nNuméro de suivi : {trackingNo}',
  'mail.orderLink': 'Votre commande, son état et son suivi, à tout moment : {url}',
  'mail.findOrder.subject': 'Votre commande {orderNo} chez {shop}',
  'mail.findOrder.body':
    'Vous avez demandé le lien de votre commande {orderNo} chez {shop}. Il montre son état, le suivi et tout ce que vous avez acheté :\n\n{url}\n\nLe lien fonctionne pendant {days} jours. Si vous ne l’avez pas demandé, ignorez ce message.',
  'orders.ship.cancelled':
    "La commande {orderNo} a été annulée par son acheteur : elle ne doit pas être expédiée. Rien n'a été expédié.",
  'orders.import.cancelled': 'La commande {orderNo} a été annulée par son acheteur : ne l’expédiez pas',
  'orders.production.refused':
    "La commande {orderNo} ne peut être mise en production que si elle est payée et pas encore en production, expédiée, annulée ni remboursée. Rien n'a été modifié.",
  'orders.production.stale':
    "La commande {orderNo} a changé depuis que vous l'avez ouverte. Rechargez et réessayez. Rien n'a été modifié.",
  'orders.change.unpaid':
    "Cette commande n'est pas encore payée : il n'y a rien à annuler ni à modifier. Rien n'a été modifié.",
  'orders.change.inProduction':
    "Votre commande est déjà en préparation : elle ne peut plus être annulée ni modifiée ici. Rien n'a été modifié : contactez la boutique.",
  'orders.change.shipped':
    "Votre commande a déjà été expédiée : elle ne peut plus être annulée ni modifiée. Rien n'a été modifié.",
  'orders.change.cancelled': "Cette commande a déjà été annulée. Rien n'a été modifié.",
  'orders.change.refunded': "Cette commande a déjà été remboursée en totalité. Rien n'a été modifié.",
  'orders.address.otherRegion':
    'Le pays et la région doivent rester les mêmes : ils déterminent la livraison et les taxes payées. Pour livrer ailleurs, annulez cette commande et commandez à nouveau.',
  'mail.orderCancelled.subject': 'Votre commande {orderNo} chez {shop} est annulée',
  'mail.orderCancelled.body':
    'Vous avez annulé votre commande {orderNo} chez {shop}. Nous vous remboursons {amount} sur le compte avec lequel vous avez payé ; vous recevrez un autre e-mail une fois le remboursement terminé.',
  'mail.addressChanged.subject': "L'adresse de votre commande {orderNo} chez {shop} a changé",
  'mail.addressChanged.body':
    "L'adresse à laquelle votre commande {orderNo} chez {shop} sera expédiée est désormais :\n\n{address}\n\nSi ce n'est pas vous qui l'avez modifiée, ouvrez votre commande pour la rétablir, ou contactez la boutique.",
  'orders.linkInvalid':
    'Ce lien de commande n’est pas valide ou a expiré. Demandez-en un nouveau avec « Retrouver ma commande ».',
  'mail.orderShipped.link': 'Suivez votre colis : {url}',
  'mail.reviewInvite.subject': 'Que pensez-vous de votre commande {orderNo} de {shop} ?',
  'mail.reviewInvite.body':
    'Votre commande {orderNo} de {shop} devrait être arrivée. Dites aux autres acheteurs ce que vous en pensez : chaque lien ouvre une page pour noter cet article avec des étoiles et quelques mots.\n\n{items}\n\nChaque lien ne sert qu’une fois et reste valable {days} jours.',
  'mail.reviewInvite.line': 'Donnez votre avis sur « {product} » : {url}',
  'review.linkInvalid': 'Ce lien d’avis n’est pas valide ou a expiré.',
  'review.alreadyReviewed': 'Vous avez déjà donné votre avis sur cet article. Merci !',
  // ── cases: report a problem, the case queue (anchor: cases) ──
  'validation.casePhotos': 'Envoyez au plus 3 photos',
  'cases.reason.not_received': 'Non reçu',
  'cases.reason.damaged': 'Endommagé',
  'cases.reason.wrong_item': 'Mauvais article',
  'cases.reason.wrong_size': 'Mauvaise taille',
  'cases.refusal.unpaid': "Cette commande n'est pas payée : il n'y a pas de problème à signaler.",
  'cases.refusal.notShipped':
    "Cette commande n'est pas encore expédiée : vous pourrez signaler un problème une fois qu'elle le sera.",
  'cases.refusal.cancelled': "Cette commande a été annulée : il n'y a pas de problème à signaler.",
  'cases.refusal.refunded': 'Cette commande a déjà été remboursée en totalité.',
  'cases.refusal.lineRefunded': 'Cet article a déjà été remboursé en totalité.',
  'cases.refusal.tooEarly':
    'Votre colis est peut-être encore en route : « non reçu » peut être signalé à partir du {date}, une fois le délai de livraison estimé passé.',
  'cases.alreadyOpen':
    'Vous avez déjà signalé un problème avec cet article : suivez-le sur cette page, nous vous écrirons.',
  'cases.notWaiting': "Ce dossier n'attend plus votre réponse. Rien n'a été envoyé.",
  'cases.resolved': "Ce dossier a déjà été traité. Rechargez-le. Rien n'a été modifié.",
  'cases.lineUnknown': 'Cet article ne fait pas partie de cette commande.',
  'cases.quantityTooMany': 'Au plus {max} : les unités de cette ligne de commande.',
  'cases.reship.outOfStock':
    "Il ne reste que {left} de « {product} » en stock : impossible de le renvoyer maintenant. Rien n'a été modifié.",
  'cases.reship.noVariant':
    "« {product} » n'est plus au catalogue : impossible de le renvoyer. Rien n'a été modifié.",
  'mail.caseOpened.subject': 'Nous avons reçu votre signalement sur votre commande {orderNo}',
  'mail.caseOpened.body':
    "Merci de nous avoir prévenus. Nous avons reçu votre signalement sur {product} de votre commande {orderNo} chez {shop} : {reason}.\n\nNous allons l'examiner et vous écrire.",
  'mail.caseAsked.subject': 'Une question sur votre signalement de la commande {orderNo}',
  'mail.caseAsked.body':
    "Nous examinons votre signalement sur {product} de votre commande {orderNo} chez {shop} et avons besoin d'en savoir plus :\n\n{message}\n\nRépondez sur la page de votre commande (le lien ci-dessous).",
  'mail.caseRefunded.subject': 'Votre signalement sur la commande {orderNo} : nous vous remboursons',
  'mail.caseRefunded.body':
    'Nous avons examiné votre signalement sur {product} de votre commande {orderNo} chez {shop} et vous remboursons {amount} pour {quantity} unité(s) sur le compte avec lequel vous avez payé. Vous recevrez un autre e-mail une fois le remboursement terminé.',
  'mail.caseReshipped.subject': 'Votre signalement sur la commande {orderNo} : nous vous le renvoyons',
  'mail.caseReshipped.body':
    'Nous avons examiné votre signalement sur {product} de votre commande {orderNo} chez {shop} et vous renvoyons {quantity} unité(s), sans frais pour vous, sous la commande {newOrderNo}. Suivez-la ici : {url}',
  'mail.caseDeclined.subject': 'Votre signalement sur la commande {orderNo}',
  'mail.caseDeclined.body':
    "Nous avons examiné votre signalement sur {product} de votre commande {orderNo} chez {shop} et ne pouvons pas l'accepter :\n\n{reason}\n\nSi vous avez quelque chose à ajouter, contactez la boutique.",
  // ── marketing (anchor: marketing) ──
  'checkout.marketingConsent': 'Recevoir par e-mail les nouveautés et offres de {shop}',
  'mail.checkoutReminder.subject': 'Votre commande chez {shop} vous attend',
  'mail.checkoutReminder.body':
    'Vous avez commencé une commande chez {shop}, mais le paiement n’a pas été terminé :\n\n{items}\n\nTotal : {total}\n\nTerminez le paiement depuis la page de votre commande : {url}\n\nSi un article a été épuisé entre-temps, la page renvoie vers le produit.',
  'mail.checkoutReminder.line': '{quantity} × {product}',
  'mail.marketing.footer':
    'Vous recevez ce message car vous avez demandé les nouveautés et offres de {shop}. Se désabonner en un clic : {url}',
  'marketing.unsubscribeInvalid': 'Ce lien de désabonnement n’est pas valide.',
  'marketing.unsubscribe.title': 'Se désabonner de {shop}',
  'marketing.unsubscribe.question': 'Ne plus recevoir à cette adresse les nouveautés et offres de {shop} ?',
  'marketing.unsubscribe.button': 'Me désabonner',
  'marketing.unsubscribe.doneTitle': 'Vous êtes désabonné',
  'marketing.unsubscribe.done': '{shop} ne vous enverra plus de nouveautés ni d’offres.',
  'marketing.unsubscribe.invalidTitle': 'Ce lien n’est pas valide',
  'marketing.export.column.email': 'E-mail',
  'marketing.export.column.since': 'Abonné depuis (UTC)',
  'marketing.export.column.language': 'Langue',
  'marketing.export.column.wording': 'Consentement donné (texte affiché)',
  'marketing.export.column.consentedAt': 'Dernier consentement (UTC)',
  'marketing.export.tooMany': 'Plus de {max} abonnés : trop pour un seul fichier.',
  'orders.resume.alreadyPaid': 'Cette commande est déjà payée.',
  'orders.resume.pending':
    'Votre paiement est en cours d’examen par le prestataire de paiement. La commande sera payée dès qu’il sera terminé.',
  'orders.resume.stock':
    'Une partie de cette commande n’est plus en stock : elle ne peut plus être payée. Vous pouvez commander à nouveau les produits depuis leur page.',
  'orders.resume.expired':
    'Cette commande est trop ancienne pour être payée maintenant. Vous pouvez commander à nouveau les produits depuis leur page.',
  'orders.resume.noPayment':
    'Cette commande ne peut plus être payée. Vous pouvez commander à nouveau les produits depuis leur page.',
  'carrier.usps': 'USPS',
  'carrier.ups': 'UPS',
  'carrier.fedex': 'FedEx',
  'carrier.dhl': 'DHL',
  'carrier.royal-mail': 'Royal Mail',
  'carrier.canada-post': 'Postes Canada',
  'carrier.china-post': 'China Post',
  'carrier.correos': 'Correos',
  'carrier.la-poste': 'La Poste',
  'carrier.other': 'Autre transporteur',
  // ── refunds (anchor: refunds) ──
  'refunds.stale':
    'La commande {orderNo} a changé depuis que vous l’avez ouverte. Rechargez et réessayez. Rien n’a été remboursé.',
  'refunds.flagStale':
    'La commande {orderNo} a changé depuis que vous l’avez ouverte. Rechargez et réessayez. Rien n’a été modifié.',
  'refunds.notRefundable':
    'La commande {orderNo} n’a aucun paiement terminé à rembourser. Rien n’a été remboursé.',
  'refunds.tooLarge':
    'C’est plus que ce qui peut encore être remboursé : au plus {left}. Rien n’a été remboursé.',
  'refunds.refused': 'PayPal a refusé le remboursement ({reason}). Rien n’a été remboursé.',
  'refunds.lineUnknown': 'Cette ligne ne fait pas partie de la commande {orderNo}. Rien n’a été remboursé.',
  'refunds.lineTooMany': 'Au plus {left} de {line} peuvent encore être remboursés. Rien n’a été remboursé.',
  'validation.refundAmountWithLines':
    'Indiquez un montant ou des lignes à rembourser, pas les deux : avec des lignes, le montant est calculé',
  'validation.refundLineTwice': 'Cette ligne de la commande figure deux fois',
  'notices.notDraft': 'Seul un avis en brouillon peut être modifié. Rien n’a été changé.',
  'notices.alreadyPublished': 'Cet avis est déjà publié. Rien n’a été changé.',
  'notices.notPublished': 'Seul un avis publié peut être retiré. Rien n’a été changé.',
  'notices.unknownUsers': 'Certains des utilisateurs choisis n’existent pas.',
  'refunds.flagNotOpen':
    'La commande {orderNo} n’a aucun signalement ouvert à résoudre. Rien n’a été modifié.',
  'mail.orderRefunded.subject': 'Remboursement de votre commande {orderNo} chez {shop}',
  'mail.orderRefunded.body':
    'Nous avons remboursé {amount} de votre commande {orderNo} chez {shop} sur le compte utilisé pour payer. Cela peut prendre quelques jours.',
  // ── creators' mails about sales, payouts, refunds (anchor: creator-mails) ──
  'creatorMail.sale.subject': 'Nouvelle vente chez {shop} : commande {orderNo}',
  'creatorMail.sale.body':
    'La commande {orderNo} chez {shop} vient d’être payée.\n\nL’acheteur a payé : {total}\nVotre bénéfice : {profit}',
  'creatorMail.digest.subject': 'Vos ventes chez {shop} : {count} payées depuis le {since}',
  'creatorMail.digest.intro': 'Commandes payées chez {shop} depuis le {since} : {count}',
  'creatorMail.digest.line': '{orderNo} : l’acheteur a payé {total}, votre bénéfice {profit} — {url}',
  'creatorMail.digest.more': '…et {count} de plus dans votre studio.',
  'creatorMail.digest.total': 'Votre bénéfice sur ces commandes : {profit}',
  'creatorMail.payoutSent.subject': 'Votre versement de {amount} est en route',
  'creatorMail.payoutSent.body':
    'Nous avons envoyé {amount} de vos gains chez {shop} sur votre compte PayPal (versement {payoutId}).',
  'creatorMail.payoutReturned.subject': 'Votre versement de {amount} a été retourné',
  'creatorMail.payoutReturned.body':
    'Votre versement {payoutId} de {amount} n’a pas atteint votre compte PayPal ({reason}). Le montant est revenu sur votre solde LinkStore : vérifiez le compte PayPal sur la page de votre boutique, puis retirez-le à nouveau.',
  'creatorMail.refund.subject': 'Remboursement de la commande {orderNo} chez {shop}',
  'creatorMail.refund.body':
    'Un remboursement de {amount} à l’acheteur de la commande {orderNo} chez {shop} a abouti. Repris sur votre bénéfice : {profit}.',
  'creatorMail.openOrder': 'Voir la commande dans votre studio : {url}',
  'creatorMail.openOrders': 'Toutes vos commandes : {url}',
  'creatorMail.openRevenue': 'Vos gains et versements : {url}',
  'creatorMail.footer':
    'Vous recevez ce message en raison de vos notifications par e-mail LinkStore. Modifiez-les sur la page de votre boutique : {url}',
  // ── flags, import, export (anchor: console-orders) ──
  'orders.import.tooManyRows': 'Le fichier a plus de {max} lignes : divisez-le en fichiers plus petits.',
  'orders.import.noRows': "Le fichier n'a aucune ligne de commande.",
  'orders.import.orderNoMissing': 'Le numéro de commande manque',
  'orders.import.orderNoInvalid': "Le numéro de commande « {value} » n'est pas valide",
  'orders.import.duplicate': 'La commande {orderNo} figure déjà à la ligne {row}',
  'orders.import.notFound': "La commande {orderNo} n'existe pas",
  'orders.import.unpaid': "La commande {orderNo} n'est pas encore payée",
  'orders.import.refunded': 'La commande {orderNo} a été remboursée en totalité : ne l’expédiez pas',
  'orders.import.completed': 'La commande {orderNo} est déjà terminée',
  'orders.import.carrierMissing': 'Le transporteur manque',
  'orders.import.carrierUnknown': "Le transporteur « {value} » n'est pas connu",
  'orders.import.trackingMissing': 'Le numéro de suivi manque',
  'orders.import.trackingInvalid': 'Le numéro de suivi « {value} » ne ressemble pas à un numéro {carrier}',
  'orders.export.tooMany': "Plus de {max} commandes correspondent : affinez le filtre avant d'exporter.",
  'orders.export.sheet': 'Commandes',
  'orders.export.refunded': 'Remboursée',
  'orders.export.column.orderNo': 'Numéro de commande',
  'orders.export.column.placedAt': 'Passée (UTC)',
  'orders.export.column.paidAt': 'Payée (UTC)',
  'orders.export.column.status': 'Statut',
  'orders.export.column.buyer': 'Acheteur',
  'orders.export.column.items': 'Articles (quantité × produit — variante)',
  'orders.export.column.currency': 'Devise',
  'orders.export.column.total': "Payé par l'acheteur",
  'orders.export.column.profit': 'Vos gains',
  'orders.export.column.paidByYou': 'Payé par vous',
  'orders.export.column.refunded': "Remboursé à l'acheteur",
  'orders.export.column.carrier': 'Transporteur',
  'orders.export.column.trackingNo': 'Numéro de suivi',
  'earnings.export.sheet': 'Gains',
  'earnings.export.tooMany':
    "Votre relevé compte plus de {max} écritures, plus qu'un export ne peut en contenir : contactez le support pour obtenir un relevé complet.",
  'earnings.export.column.time': 'Date (UTC)',
  'earnings.export.column.kind': 'Nature',
  'earnings.export.column.payoutStatus': 'Statut du versement',
  'earnings.export.column.orderNo': 'Numéro de commande',
  'earnings.export.column.currency': 'Devise',
  'earnings.export.column.amount': 'Montant',
  'earnings.export.kind.sale': 'Vente',
  'earnings.export.kind.payout': 'Versement',
  'earnings.export.kind.payout_return': 'Versement retourné',
  'earnings.export.kind.adjustment': 'Ajustement',
  'earnings.export.kind.purchase': 'Commande payée par vous',
  'earnings.export.kind.refund': 'Remboursement',
  'earnings.export.payoutStatus.requested': 'Demandé',
  'earnings.export.payoutStatus.processing': 'En traitement',
  'earnings.export.payoutStatus.paid': 'Versé',
  'earnings.export.payoutStatus.returned': 'Retourné',
  'orders.xlsx.sheet': 'Commandes',
  'orders.xlsx.column.orderNo': 'Numéro de commande',
  'orders.xlsx.column.status': 'Statut',
  'orders.xlsx.column.shop': 'Boutique',
  'orders.xlsx.column.buyerEmail': "E-mail de l'acheteur",
  'orders.xlsx.column.quantity': 'Articles',
  'orders.xlsx.column.currency': 'Devise',
  'orders.xlsx.column.total': 'Montant total',
  'orders.xlsx.column.platform': 'Montant de la plateforme',
  'orders.xlsx.column.profit': 'Bénéfice du créateur',
  'orders.xlsx.column.refunded': 'Remboursé',
  'orders.xlsx.column.flag': 'Signalement',
  'orders.xlsx.column.flagResolution': 'Résolution du signalement',
  'orders.xlsx.column.placedAt': 'Passée (UTC)',
  'orders.xlsx.column.paidAt': 'Payée (UTC)',
  'orders.xlsx.column.completedAt': 'Terminée (UTC)',
  'orders.xlsx.column.carrier': 'Transporteur',
  'orders.xlsx.column.trackingNo': 'Numéro de suivi',
  'orders.xlsx.column.shippedAt': 'Expédiée (UTC)',
  'orders.xlsx.column.lines': 'À emballer (quantité × produit — variante [SKU])',
  'orders.xlsx.status.0': 'Non payée',
  'orders.xlsx.status.1': 'Payée, en transit',
  'orders.xlsx.status.2': 'Terminée',
  'orders.xlsx.flagReason.amount_mismatch': 'Montant différent',
  'orders.xlsx.flagReason.stock_short': 'Stock insuffisant',
  'orders.xlsx.flagResolution.open': 'Ouvert',
  'orders.xlsx.flagResolution.refund': 'Remboursé',
  'orders.xlsx.flagResolution.accept': 'Accepté',
  'orders.xlsx.flagResolution.note': 'Noté',
  // ── creators and shops (anchor: creators) ──
  'creators.shopSuspended': 'Cette boutique est indisponible pour le moment.',
  'creators.shopSuspendedBody': 'Cette boutique ne prend pas de commandes pour le moment. Revenez plus tard.',
  'creators.alreadySuspended': 'Cette boutique est déjà suspendue. Rechargez pour voir son état actuel.',
  'creators.notSuspended': "Cette boutique n'est pas suspendue. Rechargez pour voir son état actuel.",
  // ── reconciliation (anchor: reconciliation) ──
  'payouts.retry.notRetryable':
    'Seul un versement retourné qui n’a pas déjà été relancé peut être relancé. Rien n’a été envoyé.',
  'payouts.retry.overAvailable':
    'Le créateur n’a que {available} disponible ; le versement retourné ne peut pas encore être renvoyé.',
  // ── sec-oauth ──
  'auth.oauthCodeInvalid': 'Ce lien de connexion a expiré ou a déjà été utilisé. Veuillez vous reconnecter.',
  // ── sec-text ──
  'validation.unstorableCell':
    'La cellule {cell} de la feuille contient des caractères impossibles à enregistrer (un caractère nul ou un emoji cassé). Rien n’a été importé.',
  // ── sec-small ──
  'validation.unsafeLink':
    '{field} doit être une adresse http(s) ou un chemin de ce site commençant par un seul / (sans barre oblique inverse, espace ni caractère de contrôle)',
  // ── sec-guess ──
  'auth.accountThrottled': 'Trop de tentatives pour ce compte ; réessayez plus tard.',
  'auth.powRequired': 'Votre navigateur doit d’abord passer une vérification rapide ; veuillez réessayer.',
  // ── sec-pay ──
  'idempotency.inFlight':
    'Cette demande est encore en cours de traitement ; patientez un instant puis réessayez.',
  'idempotency.keyReused':
    'Cette clé d’idempotence a déjà servi pour une autre demande ; recommencez l’action.',
  // ── sec-input ──
  'error.malformedMultipart': "Le corps de la requête n'est pas un formulaire multipart bien formé.",
  // ── taxes ──
  'validation.countryCode': '{field} doit être un code pays ISO à deux lettres, comme DE ou US',
  'validation.taxRegion':
    '{field} doit être un code de région d’au plus 3 lettres ou chiffres, comme ON ou NY, ou vide pour tout le pays',
  'validation.taxRate':
    '{field} doit être un pourcentage de 0 à 100 avec au plus 4 décimales, comme 19 ou 8.875',
  'taxes.duplicate': 'Ce pays et cette région ont déjà un taux à partir de ce jour',
  'validation.taxMonth': '{field} doit être un mois au format AAAA-MM, comme 2026-03',
  'validation.taxMonthOrder': 'Le premier mois ne peut pas être postérieur au dernier',
  'validation.taxMonthSpan': 'Un rapport de taxes peut couvrir au plus 36 mois',
  'taxes.report.column.month': 'Mois (UTC)',
  'taxes.report.column.country': 'Pays',
  'taxes.report.column.region': 'Région',
  'taxes.report.column.taxName': 'Taxe',
  'taxes.report.column.rate': 'Taux (%)',
  'taxes.report.column.inclusive': 'Prix TTC',
  'taxes.report.column.currency': 'Devise',
  'taxes.report.column.orders': 'Commandes payées',
  'taxes.report.column.sales': 'Ventes hors taxes',
  'taxes.report.column.collected': 'Taxe perçue',
  'taxes.report.column.refunded': 'Taxe remboursée',
  'taxes.report.column.net': 'Taxe nette',
  'taxes.report.yes': 'Oui',
  'taxes.report.no': 'Non',
  'taxes.report.column.scheme': 'Régime',
  'taxes.report.sheet': 'Rapport de taxes',
  // ── shipping ──
  'shipping.countryCode': 'Pays inconnu : utilisez un code ISO à deux lettres, comme US ou FR',
  'shipping.regionCode': 'Un code de région compte 1 à 3 lettres ou chiffres, comme CA ou NSW',
  'shipping.amountRange': 'Un montant doit être un nombre entier de cents de 0 à 1 000 000 (10 000,00 $)',
  'shipping.daysRange': 'La livraison prend de 1 à 60 jours ouvrés',
  'shipping.daysOrder': 'La livraison la plus tardive ne peut pas précéder la plus rapide',
  'shipping.bandGrams': 'Une tranche pèse de 1 g à 1 000 000 g (1 000 kg)',
  'shipping.noBands': 'Une méthode tarifée au poids a besoin d’au moins une tranche de poids',
  'shipping.bandsAscending': 'Chaque tranche doit être plus lourde que la précédente',
  'shipping.noCountries': 'Une zone a besoin d’au moins un pays',
  'shipping.countryTwice': 'Ce pays figure deux fois',
  'shipping.regionCountry': 'Des régions ne peuvent être données que pour un pays de la zone',
  'shipping.regionTwice': 'Une région figure deux fois',
  'shipping.methodTwice': 'Une méthode figure deux fois',
  'shipping.methodUnknown': 'Cette méthode n’appartient pas à cette zone',
  'shipping.countryInZone':
    '{country} est déjà dans la zone « {zone} » avec le même ordre : retirez-le d’une des zones ou changez l’ordre',
  'shipping.regionInZone':
    '{country} {region} est déjà dans la zone « {zone} » avec le même ordre : retirez-le d’une des zones ou changez l’ordre',
  'discounts.codeFormat':
    'Un code compte de 3 à 32 lettres, chiffres, « - » ou « _ », et commence par une lettre ou un chiffre.',
  'discounts.percentRange': 'Le pourcentage est un nombre entier de 1 à 100.',
  'discounts.amountRequired': 'Indiquez le montant que le code retire.',
  'discounts.productTwice': 'Un produit est choisi deux fois.',
  'discounts.productNotInShop': 'Choisissez uniquement des produits que votre boutique vend actuellement.',
  'discounts.belowCost':
    'Ce pourcentage vendrait « {product} » sous son coût plateforme : {most} % au plus pour lui.',
  'discounts.codeTaken': 'Votre boutique a déjà un code de ce nom.',
  'discounts.refused.unknown': 'Ce code n’existe pas.',
  'discounts.refused.otherShop': 'Ce code est celui d’une autre boutique.',
  'discounts.refused.notStarted': 'Ce code n’est pas encore valable.',
  'discounts.refused.expired': 'Ce code a expiré.',
  'discounts.refused.usedUp': 'Ce code a été entièrement utilisé.',
  'discounts.refused.usedByYou': 'Vous avez déjà utilisé ce code.',
  'discounts.refused.paused': 'Ce code est en pause.',
  'discounts.refused.notForTheseProducts': 'Ce code ne s’applique pas aux produits de votre panier.',
  'discounts.refused.minimumNotReached': 'Dépensez {amount} pour utiliser ce code.',
} satisfies Messages;

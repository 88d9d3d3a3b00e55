// The storefront's French catalogue (issue 12 item 4). messages.ts stays the English source of truth:
// this file gives ICU MessageFormat texts for some of its keys, and a key it leaves out stays in
// English. A message that takes arguments names them by position ({0}, {1}: the English function's
// parameters in order); plurals use the ICU keys zero, one, two, few, many, other and =N. {hasN, select,
// yes {...} other {...}} tests whether argument N is given (not empty).
// The client loads this file (and intl-messageformat) only when the page is in French
// (client/i18n/catalogue.ts), so English visitors never download it.
import type { messages } from "./storefront.ts";

/** ICU texts by message key; only keys of messages.ts whose English value is a string or a function. */
export type Catalogue = { readonly [K in keyof typeof messages]?: (typeof messages)[K] extends string | ((...args: never[]) => string) ? string : never };

export const messagesFr: Catalogue = {
  // The shell
  mainNavigation: "Principal",
  shop: "Boutique",
  searchPageTitle: "Recherche",
  contactPageTitle: "Contact",
  cartPageTitle: "Panier",
  checkoutPageTitle: "Paiement",
  account: "Compte",
  accountMenu: "Compte",
  signIn: "Se connecter",
  signOut: "Se déconnecter",
  signUp: "S’inscrire",
  language: "Langue",
  loading: "Chargement…",
  somethingWentWrong: "Un problème est survenu",
  reloadPage: "Recharger la page",
  or: " ou ",
  goToShop: "aller à la boutique",
  backToShop: "Retour à la boutique",
  pageNotFoundText: "La page que vous cherchez n’existe pas.",
  notFoundPageTitle: "Page introuvable",
  // The product page
  soldOut: "épuisé",
  sale: "promo",
  addToCart: "Ajouter au panier",
  subscribe: "S’abonner",
  quantity: "Quantité",
  quickView: "Aperçu",
  value: "Valeur",
  selectValue: "Choisir une valeur",
  selectVariantName: "Choisir {0}",
  adding: "Ajout…",
  added: "Ajouté !",
  priceFrom: "à partir de",
  priceWas: "au lieu de {0}",
  variantUnavailable: "Désolé, cette variante n’est pas disponible. Veuillez en choisir une autre.",
  notEnoughStock: "Désolé, nous n’avons pas assez de cet article en stock.",
  quantityNotANumber: "La quantité doit être un nombre.",
  quantityNotWhole: "La quantité doit être un nombre entier",
  alertUnableToAddItem: "Impossible d’ajouter l’article",
  // The cart
  cartEmpty: "Votre panier est vide.",
  cartSummary: "Panier : {0, plural, =0 {aucun article} one {# article} many {# d’articles} other {# articles}}, {1}",
  remove: "Retirer",
  removeEntry: "Retirer {0}",
  couponCode: "Code promo",
  applyCoupon: "Appliquer",
  shipping: "Livraison",
  subtotal: "Sous-total",
  discount: "Remise",
  tax: "Taxes",
  total: "Total",
  goToCheckout: "Passer la commande",
  continueShopping: "Continuer mes achats",
  unableToUpdateQuantity: "Impossible de modifier la quantité",
  unableToRemoveItem: "Impossible de retirer l’article",
  checkInternetConnection: "Veuillez vérifier votre connexion internet.",
  pleaseTryAgain: "Veuillez réessayer.",
  searchFound: "{0, plural, =0 {aucun résultat} one {# résultat} many {# de résultats} other {# résultats}}",
  searchProducts: "Rechercher des produits",
  orderPlacedOn: "Passée le {0}",
  // Emails (sent in the visitor's language when the owner turns multilingual transactional emails on)
  restockSubject: "{0} est de retour en stock",
  restockBody: "Bonne nouvelle : {0}{has1, select, yes { ({1})} other {}} est de retour en stock.\n\nDécouvrez-le ici : {2}",
  newsletterConfirmSubject: "Veuillez confirmer votre inscription",
  newsletterConfirmBody:
    "Veuillez confirmer que vous souhaitez recevoir « {0} » en ouvrant ce lien :\n\n{1}\n\nSi vous n’avez rien demandé, ignorez cet e-mail.",
  newsletterUnsubscribeLine: "Pour ne plus recevoir ces e-mails, désabonnez-vous : {0}",
};

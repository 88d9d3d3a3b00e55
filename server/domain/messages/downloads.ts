// Digital delivery (issue 23): the owner's refusals about digital files, the shopper's download texts
// (confirmation page, email, account order page) and the pages a download link answers when it no
// longer works. The spec has none of these texts; every one is ours.
import { formatFileSize } from "../downloads/file-size.ts";

export const downloadMessages = {
  // The owner's product editor ("Digital delivery" section) and its refusals.
  sectionTitle: "Digital delivery",
  sectionHelp: "Shoppers get a download link for each file or link below once their order is placed.",
  onlyDigitalProducts: "Only digital products deliver files or links.",
  fileMissing: "Choose a file to upload.",
  fileTooLarge: (maxBytes: number) => `This file is too large: files can be at most ${formatFileSize(maxBytes)}.`,
  fileTypeRefused: "This type of file is not accepted. Upload a PDF, ZIP, EPUB, MP3, MP4, M4A, WAV, PNG, JPG, GIF, WEBP or TXT file.",
  fileContentMismatch: "This file's content does not match its name: check the file and upload it again.",
  tooManyFiles: (max: number) => `A product can deliver at most ${max} files and links.`,
  nameInvalid: (max: number) => `Enter a name of 1 to ${max} characters.`,
  linkInvalid: "Enter a link starting with https:// or http://.",
  fileNotFound: "This file was not found: it may have been removed.",
  uploadFile: "Upload a file",
  uploading: "Uploading…",
  addLink: "Add a link",
  linkName: "Name",
  linkUrl: "Link",
  linkPlaceholder: "https://",
  rename: "Rename",
  remove: "Remove",
  removeBody: "Shoppers who bought this product lose their download link to it.",
  save: "Save",
  cancel: "Cancel",
  noFiles: "No files or links yet.",
  externalLink: "External link",
  settingsInvalid: (maxHours: number, maxLimit: number) => `Links last 1 to ${maxHours} hours and allow 1 to ${maxLimit} downloads.`,
  // The owner's products screen: the store's "Digital downloads" settings panel.
  settingsHeading: "Digital downloads",
  settingsIntro: "How long the download links of a paid order (or a renewal) work, and how many downloads each link allows. New and renewed links use them.",
  expiryHoursLabel: "Links work for (hours)",
  downloadLimitLabel: "Downloads per link",
  // The shopper's downloads (confirmation page, account order page, email).
  downloadsTitle: "Your downloads",
  download: "Download",
  downloadsUsed: (used: number, limit: number) => `${used} of ${limit} downloads used`,
  expiresAt: (when: string) => `Link valid until ${when}`,
  linkExpiredShort: "Link expired",
  linkStopped: "No longer available",
  // The owner's order page: renewing an order's links.
  ownerDownloadsTitle: "Downloads",
  renewLinks: "Renew download links",
  renewed: "Download links renewed.",
  noGrants: "This order has no downloads.",
  ordersLinksStopped: "This order was cancelled or refunded: its download links no longer work.",
  // What a download link answers when it does not deliver (an HTML page for browsers).
  pageTitleExpired: "This download link has expired",
  pageTitleLimit: "This download link has been used up",
  pageTitleStopped: "This download is no longer available",
  pageTitleNotFound: "This download link is not valid",
  expiredBody: "Download links work for a limited time after the order.",
  limitBody: (limit: number) => `This link has been used for its ${limit} downloads.`,
  stoppedBody: "The order was cancelled or refunded, so its downloads stopped working.",
  notFoundBody: "Check that you copied the whole link from your email.",
  askForNewLink: (store: string, orderNumber: number) => `To get a new link, contact ${store} and give your order number, #${orderNumber}.`,
  contactStore: "Contact the store",
  rangeNotSatisfiable: "The requested range is outside the file.",
};

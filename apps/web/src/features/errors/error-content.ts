/** What an error page may offer besides its text. */
export type ErrorAction = 'goToMainPage' | 'resendEmailVerification' | 'logout';

export interface ErrorContent {
  title: string;
  paragraphs: readonly string[];
  actions: readonly ErrorAction[];
}

/** Spec 1 §8 and spec 3 §2: the error pages by type. */
export const ERROR_PAGES: Readonly<Record<string, ErrorContent>> = {
  pending: {
    title: 'Action Required',
    paragraphs: [
      'A verification email was sent to your email address. Please verify your email address to continue.',
      'If you cannot find the email, please check your junk or spam folder.',
    ],
    actions: ['goToMainPage', 'resendEmailVerification'],
  },
  inactive: {
    title: 'Authorization Error',
    paragraphs: ['Your account is inactive. Please contact your administrator.'],
    actions: ['logout'],
  },
  unknownStatus: {
    title: 'Authorization Error',
    paragraphs: ["We're afraid something went wrong...Please try again."],
    actions: ['logout'],
  },
  noPermission: {
    title: 'Permission Error',
    paragraphs: ['You do not have permission.'],
    actions: [],
  },
  pageNotExist: {
    title: 'Page Not Exist Error',
    paragraphs: ['The page does not exist.'],
    actions: [],
  },
  exceedMaxConcurrentUser: {
    // The spec gives this page no separate title: the message is the heading.
    title:
      'The number of current concurrent users exceeded the max concurrent user. Please contact to your system admin.',
    paragraphs: [],
    actions: ['logout'],
  },
};

export const GENERIC_ERROR: ErrorContent = {
  title: 'Error',
  paragraphs: ['Something went wrong.'],
  actions: [],
};

/** The content of /errors/{type}; an unknown type gets the generic message. */
export function errorContent(type: string | undefined): ErrorContent {
  if (!type || !Object.hasOwn(ERROR_PAGES, type)) return GENERIC_ERROR;
  return ERROR_PAGES[type] ?? GENERIC_ERROR;
}

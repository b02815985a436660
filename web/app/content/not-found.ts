import { PATHS } from '../paths.ts';

export const notFoundCopy = {
  meta: {
    title: 'Page not found',
    description: 'The page you are looking for does not exist or has moved.',
  },
  notFound: {
    code: '404',
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved. Try one of these instead.',
  },
  error: {
    code: 'Error',
    title: 'Something went wrong',
    text: 'This page could not be shown. Please reload it, or continue from one of these pages.',
  },
  links: [
    { label: 'Home', to: PATHS.home },
    { label: 'Security Intelligence', to: PATHS.intelligence },
    { label: 'Contact Us', to: PATHS.contact },
  ],
  /** The catch-all under /security-intelligence, with its way back to the library. */
  intelligence: {
    meta: {
      title: 'Page Not Found - Security Intelligence',
      description: "The security intelligence page you're looking for doesn't exist.",
    },
    title: 'Page Not Found',
    text: "The security intelligence page you're looking for doesn't exist.",
    link: { label: 'Return to Security Intelligence', to: PATHS.intelligence },
  },
} as const;

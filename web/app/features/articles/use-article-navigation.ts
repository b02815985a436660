import { matchPath, useNavigation } from 'react-router';
import { PATHS } from '../../paths.ts';

export const ARTICLE_ROUTE_PATTERN = `${PATHS.intelligence}/:category/:slug`;

/**
 * True while the router fetches and validates an article page the visitor navigated to.
 * A route renders only once its data has arrived, so the page being left shows the article
 * skeleton meanwhile.
 */
export function useArticleNavigationPending(): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === 'loading' &&
    matchPath(ARTICLE_ROUTE_PATTERN, navigation.location.pathname) !== null
  );
}

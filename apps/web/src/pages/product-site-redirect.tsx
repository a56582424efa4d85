import { useEffect } from 'react';
import { PageLoader } from '../components/page-loader';
import { getClientConfig } from '../lib/config';

/** '/incidentxpress': the old product address, sent to the public product site. */
export default function ProductSiteRedirect() {
  const { productSiteUrl } = getClientConfig();
  useEffect(() => {
    window.location.replace(productSiteUrl);
  }, [productSiteUrl]);
  return <PageLoader />;
}

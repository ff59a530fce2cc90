import { Navigate, useParams } from 'react-router';

/** `/gig/{id}` is the old card link (docs/product.md §3.2): the service detail lives at `/services/{id}`. */
export function GigRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/services/${encodeURIComponent(id)}`} replace />;
}

import { Navigate, useParams } from 'react-router';

/** `/gig/{id}` is the old card link of SPEC.md: the service detail lives at `/services/{id}`. */
export function GigRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/services/${encodeURIComponent(id)}`} replace />;
}

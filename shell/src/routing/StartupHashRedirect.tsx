import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { hashRedirectTarget } from './hashRedirect';

/** Applies the start-up hash redirect to the address the visitor arrived with, and only to that one. */
export function StartupHashRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  const initial = useRef({ pathname: location.pathname, hash: location.hash });
  useEffect(() => {
    let current = true;
    void hashRedirectTarget(initial.current.pathname, initial.current.hash).then((target) => {
      if (current && target) navigate(target, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [navigate]);
  return null;
}

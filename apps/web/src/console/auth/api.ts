import { useMutation } from '@tanstack/react-query';
import { loginWithPassword } from '../../shared/session/sign-in';

/**
 * Signs an operator in with username, password and captcha. The page places a refusal itself
 * (the call is quiet: captcha field, a field, or the alert above the button); `isPending` is its
 * loading flag.
 */
export const useConsoleLogin = () => useMutation({ mutationFn: loginWithPassword });

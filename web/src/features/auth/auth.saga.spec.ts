import { googleSignInReturnOf } from './auth.saga';

describe('reading the api\'s verdict on a Google sign-in from the URL', () => {
  it('knows success, each known failure, and treats an unknown failure as a failure', () => {
    expect(googleSignInReturnOf('?google=signed-in&returnTo=%2Fshop%2Flisting')).toBe('signed-in');
    expect(googleSignInReturnOf('?googleError=cancelled')).toBe('cancelled');
    expect(googleSignInReturnOf('?googleError=emailNotVerified')).toBe('emailNotVerified');
    expect(googleSignInReturnOf('?googleError=<script>')).toBe('failed');
    expect(googleSignInReturnOf('?category=toys')).toBeUndefined();
  });
});

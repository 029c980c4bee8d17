/**
 * Who is signed in. The identity module provides sign-in; until then nobody is, so portal routes send
 * visitors to `/` and dynamic routes show the guest layout.
 */
export interface Session {
  /** Profile type from the specification: 1 program owner, 2 acceptor, 3 card holder, 4 administrator. */
  userType: 1 | 2 | 3 | 4
}

export async function readSession(): Promise<Session | null> {
  return null
}

/**
 * The API's types, generated from its OpenAPI document by openapi-typescript (scripts/openapi.ts).
 * Do not edit: `npm run api:types` rewrites this file, and `npm test` fails when it is stale.
 */


/** OneOf type helpers */
type Without<T, U> = { [P in Exclude<keyof T, keyof U>]?: never };
type XOR<T, U> = (T | U) extends object ? (Without<T, U> & U) | (Without<U, T> & T) : T | U;
type OneOf<T extends any[]> = T extends [infer Only] ? Only : T extends [infer A, infer B, ...infer Rest] ? OneOf<[XOR<A, B>, ...Rest]> : never;

export interface paths {
  "/api/v1/auth/login": {
    /**
     * Sign in
     * @description Answers `auth_token` (15-minute JWT) and `refresh_token`. Wrong e-mail or password both answer 401 "invalid email or password". Repeated failures from one address are throttled (429).
     */
    post: {
      parameters: {
        header?: {
          /** @description `cookie`: the browser app; tokens go into httpOnly cookies instead of the body */
          "x-auth-mode"?: "cookie" | "bearer";
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["LoginInput"];
        };
      };
      responses: {
        /** @description Signed in */
        200: {
          content: {
            "application/json": components["schemas"]["Tokens"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/auth/logout": {
    /**
     * Sign out
     * @description Ends the current session: its access and refresh tokens stop working at once.
     */
    post: {
      responses: {
        /** @description Signed out */
        204: {
          content: never;
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/auth/refresh": {
    /**
     * Exchange the refresh token for new tokens
     * @description Send the refresh token as `Authorization: Bearer <refresh_token>` (the browser app: its cookie). The token is rotated: the answer holds a new one and the old one is spent. Presenting a spent token again revokes the whole session.
     */
    post: {
      parameters: {
        header?: {
          /** @description `cookie`: the browser app; tokens go into httpOnly cookies instead of the body */
          "x-auth-mode"?: "cookie" | "bearer";
        };
      };
      responses: {
        /** @description New tokens */
        200: {
          content: {
            "application/json": components["schemas"]["Tokens"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/auth/validate": {
    /**
     * Check the access token
     * @description Answers the signed-in user when the token is valid and its session open; 401 otherwise.
     */
    post: {
      responses: {
        /** @description Valid */
        200: {
          content: {
            "application/json": {
              user: components["schemas"]["SessionUser"];
              /** @enum {boolean} */
              valid: true;
            };
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/card/active": {
    /**
     * The card holder’s activated cards
     * @description Newest activation first. Card holders only.
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of titles and descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description Their cards */
        200: {
          content: {
            "application/json": {
              results: components["schemas"]["HeldCard"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Activate a card by its token
     * @description The card becomes the card holder’s (any case; dashes and spaces optional). Again by the same holder: 200 with the card unchanged. Unknown: 404; someone else’s: 409 `card_already_activated`; blocked or expired card, blocked program: 422. 10 tries a minute per card holder, then 429.
     */
    post: {
      parameters: {
        query?: {
          /** @description Language of titles and descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CardActivation"];
        };
      };
      responses: {
        /** @description The activated card */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["HeldCard"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/card/active/{token}": {
    /**
     * A card by its token
     * @description The card holder’s own card with its redemptions (where it was spent, newest first), or a card not activated yet (status `issued`: what activating it would give; no redemptions). Unknown: 404; activated by someone else: 409 `card_already_activated`. Looking up a token that is not one’s own card counts as an activation try (10 a minute, then 429 with Retry-After).
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of titles and descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
        path: {
          token: string;
        };
      };
      responses: {
        /** @description The card, with where it was spent */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["HeldCardWithHistory"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/card/batches": {
    /**
     * Card orders (batches of cards), newest first
     * @description A program owner lists one of their programs’ orders (`program` required; another owner’s: 404); an admin one program’s or all. `status` filters (a paid order is an issued batch).
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 20, at most 100) */
          size?: number;
          program?: string;
          status?: "open" | "paid" | "cancelled" | "expired";
        };
      };
      responses: {
        /** @description A page of orders */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["CardOrder"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/card/batches/{uuid}/cards.csv": {
    /**
     * The cards of a paid order as CSV
     * @description One card a line: `token,value,currency,use_number,expires_at` (value in major units such as 25.00; use_number empty for unlimited; expires_at empty when counted from activation or none), downloaded as an attachment. An order not paid: 409 `order_not_paid`. Its program’s owner and admins; anyone else’s: 404.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description CSV */
        200: {
          content: {
            "text/csv": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/card/programs": {
    /**
     * Card programs open to card holders
     * @description Active card programs whose card is public, by title, with their card and the businesses that take it. Card holders only.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 20, at most 100) */
          size?: number;
          /** @description Part of the title, any case */
          search?: string;
          /** @description Language of titles and descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["PublicCardProgram"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/card/programs/{uuid}": {
    /**
     * A card program’s information, for card holders
     * @description One public card program as the list shows it. A private, draft, blocked or expired program, another type’s or an unknown id: 404, all alike. Card holders only.
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of titles and descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The program */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["PublicCardProgram"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/card/redemptions": {
    /**
     * Card redemptions, newest first
     * @description An acceptor: those they took; a program owner: those in their programs; an admin: all. Filter by cashpoint and program: one the caller may not see (another acceptor’s cashpoint, another owner’s program, a program the acceptor never had a place in) or that does not exist is 404, as in a path. Card holders: 403 (their card’s history comes with `GET card/active/{token}`).
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 20, at most 100) */
          size?: number;
          cashpoint?: string;
          program?: string;
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["CardRedemption"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Take an amount from a card (spend it)
     * @description One use of an activated card (`active`): `amount` comes off its balance (400 on `amount` above it: what is left is said). The last use forfeits whatever is left on the card (`forfeited`), which is then `used`, as is a card whose balance reaches 0. Not activated yet: 422 `card_not_activated`; expired: 422 `card_expired`; blocked: 422 `card_blocked`.
     *
     * The card is locked while it is taken, so parallel requests never spend more than is on it. `Idempotency-Key` is required (400 without it): a retry with the same key answers the first result and spends nothing again.
     *
     * An acceptor at one of their own open cashpoints (another acceptor’s: 404) in an active card program they take part in (403 `not_program_acceptor` once they no longer do; 422 `cashpoint_inactive`, `program_not_active`, `not_card_program`). Program owners, card holders and admins: 403; no token: 401. A token of a card of another program: 404, as an unknown one.
     */
    post: {
      parameters: {
        header: {
          /** @description Required: 8 to 255 letters, digits or . _ : -; a retry with the same key spends once */
          "idempotency-key": string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CardRedemptionInput"];
        };
      };
      responses: {
        /** @description The redemption */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["CardRedemption"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/card/redemptions/{uuid}/reverse": {
    /**
     * Reverse a redemption
     * @description The acceptor who took it, once, within 24 hours: the amount and the use go back on the card, which can be spent again, with the opposite ledger entry. Not when it forfeited what was left on the card, nor on an expired or blocked card, nor after 24 hours: 422 with the reason `reversal_forfeited`, `reversal_card_expired`, `reversal_card_blocked` or `reversal_too_late` (the program owner corrects those). Reversed already: 409 `redemption_reversed`. Another acceptor’s: 404; program owners, card holders and admins: 403. `Idempotency-Key` welcome.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The redemption, reversed */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["CardRedemption"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/card/redemptions/preview": {
    /**
     * A card as the acceptor sees it before taking it
     * @description Balance, uses, end and state of a card of the cashpoint’s program, and who holds it. Any state is answered (only `active` can be taken). 30 lookups a minute per acceptor (a redemption with a token that is no card of the program counts too), then 429 with Retry-After.
     *
     * An acceptor at one of their own open cashpoints (another acceptor’s: 404) in an active card program they take part in (403 `not_program_acceptor` once they no longer do; 422 `cashpoint_inactive`, `program_not_active`, `not_card_program`). Program owners, card holders and admins: 403; no token: 401. A token of a card of another program: 404, as an unknown one.
     */
    get: {
      parameters: {
        query: {
          /** @description Language of titles and descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
          /** @description The acceptor’s cashpoint */
          cashpoint: string;
          /** @description The card’s code as typed or scanned */
          token: string;
        };
      };
      responses: {
        /** @description The card */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["CardPreview"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/admin/posts": {
    /**
     * Every post (admin)
     * @description Newest first, deleted ones included (`status`), filtered by status, audience, program, author (`user`), tag and title. The platform’s pagination wrapper.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 25, at most 100) */
          size?: number;
          status?: "published" | "hidden" | "removed" | "deleted";
          audience?: "everyone" | "cardholders" | "private";
          program?: string;
          user?: string;
          tag?: string;
          /** @description Part of the title, any case */
          search?: string;
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["FeedAdminPost"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/admin/posts/{uuid}/moderation": {
    /**
     * Hide, unhide or remove a post (admin)
     * @description `hide` (reversible with `unhide`) or `remove`, with a `reason` its author reads on the post, which only they and admins still see. A post its author deleted: 404.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["FeedModeration"];
        };
      };
      responses: {
        /** @description Done */
        200: {
          content: {
            "application/json": components["schemas"]["FeedAdminPost"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/admin/statistics": {
    /**
     * Posts, comments and likes per day (admin)
     * @description Days from `from` to `to` (at most 366), in the business time zone; days without any are 0.
     */
    get: {
      parameters: {
        query: {
          from: string;
          to: string;
        };
      };
      responses: {
        /** @description Per day */
        200: {
          content: {
            "application/json": components["schemas"]["FeedStatistics"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/events": {
    /**
     * New posts, live (Server-Sent Events)
     * @description A `post` event `{uuid, created}` for each new post the viewer may see (guests: public posts), within about a second of its publication, from any API process; the page shows a “new posts” pill and fetches them through `GET feed/posts`. A `ready` event first. The stream ends after about 50 seconds (EventSource reconnects by itself).
     */
    get: {
      responses: {
        /** @description An event stream */
        200: {
          content: {
            "text/event-stream": string;
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/files": {
    /**
     * Upload a document for a post
     * @description Multipart field `file`: PDF, Word, Excel, PowerPoint (2007+ and older), OpenDocument text, spreadsheet or presentation, RTF, plain text or CSV, at most 10 MiB. The type is sniffed from the bytes, never taken from the client. Refused files answer 422 at once (`file_too_large`, `file_type_not_allowed`). Give its uuid in the post’s `files`. Program owners, acceptors and admins.
     */
    post: {
      requestBody: {
        content: {
          "multipart/form-data": {
            /** Format: binary */
            file: string;
          };
        };
      };
      responses: {
        /** @description Stored */
        201: {
          content: {
            "application/json": components["schemas"]["FeedUpload"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body too large */
        413: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/files/{uuid}": {
    /**
     * A file of a post (download)
     * @description Whoever sees the post (guests: public posts); a loose upload only its uploader. 404 otherwise. Always a download, with the sniffed type.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The file */
        200: {
          content: {
            "application/octet-stream": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/images/{uuid}/{size}": {
    /**
     * An image of a post
     * @description Whoever sees the post (guests: public posts); a loose upload only its uploader. 404 otherwise. Public posts’ images may be cached by anyone, others only by the browser.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
          size: "small" | "medium" | "large";
        };
      };
      responses: {
        /** @description JPG */
        200: {
          content: {
            "image/jpeg": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/posts": {
    /**
     * The feed: posts the viewer may see, newest first
     * @description Keyset paging: `before` is the last post of the page before (`pagination.next_cursor`). Filters (each, or the specification’s `filter`/`value`): `program`, `user` (author), `tag`. Guests (no token) get public posts; a signed-in viewer also the posts for the card holders of programs they are a member of, and their own. An unknown program or user is 404; an unknown tag an empty page. Answers `{data, pagination}` without a total, so a count never tells of posts the viewer does not see.
     */
    get: {
      parameters: {
        query?: {
          /** @description Posts about this program */
          program?: string;
          /** @description Posts by this author */
          user?: string;
          /** @description Posts with this tag (`café`, `#Café`: the same) */
          tag?: string;
          /** @description The specification’s filter name, with `value` */
          filter?: "program" | "user" | "tag";
          /** @description The value of `filter` */
          value?: string;
          /** @description The last post of the page before (keyset) */
          before?: string;
          /** @description Posts per page (default 20, at most 50) */
          size?: number;
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": components["schemas"]["FeedPostPage"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Write a post
     * @description Program owners, acceptors and admins (card holders comment and like). The title’s line breaks become spaces, the text is split into rows, the link is forced to https, hashtags are taken from the text (plus `tags`). `program_uuid`: the author’s own program (owner), one they take part in (acceptor: 403 `not_program_acceptor` once they left it), any (admin); another’s is 404. `audience` cardholders needs a program. `images` and `files` are the author’s own uploads (400 `unknown_upload` naming `images.N` otherwise), `videos` YouTube or Vimeo addresses. Safe to retry with an `Idempotency-Key`.
     */
    post: {
      parameters: {
        header?: {
          /** @description Makes the call safe to retry: a repeat with the same key answers the first result */
          "idempotency-key"?: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["FeedPostInput"];
        };
      };
      responses: {
        /** @description Published */
        201: {
          content: {
            "application/json": components["schemas"]["FeedPost"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/posts/{uuid}": {
    /**
     * A post, by uuid or by its address
     * @description The post page (`/posts/{url}`) reads it by its `url`; anything else by its uuid. A post the viewer may not see (another audience, hidden, deleted) is 404, as one that does not exist. Guests read public posts.
     */
    get: {
      parameters: {
        path: {
          /** @description The post’s uuid or its url */
          uuid: string;
        };
      };
      responses: {
        /** @description The post */
        200: {
          content: {
            "application/json": components["schemas"]["FeedPost"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Delete a post (its author)
     * @description Gone for everybody (admins still list it as deleted). A post the caller does not see: 404; one they see but did not write: 403 `not_post_author` (admins hide or remove with a reason: POST feed/admin/posts/{uuid}/moderation).
     */
    delete: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Deleted */
        204: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Edit a post (its author)
     * @description Only the fields given change (the post then says edited). Given `text` or `tags`, the tags become the text’s hashtags plus `tags`; given lists (`images`, `files`, `videos`) replace the post’s. A post the caller does not see: 404; one they see but did not write: 403 `not_post_author`.
     */
    patch: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["FeedPostPatch"];
        };
      };
      responses: {
        /** @description Saved */
        200: {
          content: {
            "application/json": components["schemas"]["FeedPost"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/posts/{uuid}/comments": {
    /**
     * The comments of a post, oldest first
     * @description Keyset paging with `after`. Whoever sees the post (guests: public posts); a post the viewer does not see is 404.
     */
    get: {
      parameters: {
        query?: {
          /** @description The last comment of the page before */
          after?: string;
          /** @description Posts per page (default 20, at most 50) */
          size?: number;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": components["schemas"]["FeedCommentPage"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Comment on a post
     * @description Text as JSON rows (or a string split at line breaks), at most 4,000 characters. Any signed-in user who sees the post; 404 otherwise; 422 `post_not_published` on a post an admin hid. Safe to retry with an `Idempotency-Key`.
     */
    post: {
      parameters: {
        header?: {
          /** @description Makes the call safe to retry: a repeat with the same key answers the first result */
          "idempotency-key"?: string;
        };
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["FeedCommentInput"];
        };
      };
      responses: {
        /** @description Added */
        201: {
          content: {
            "application/json": components["schemas"]["FeedComment"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/posts/{uuid}/comments/{commentUuid}": {
    /**
     * Edit a comment
     * @description The comment then says edited. Its author, the owner of the post’s program and admins; others who see the post: 403 `not_comment_author`; a post they do not see, or a comment not of that post: 404.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
          commentUuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["FeedCommentInput"];
        };
      };
      responses: {
        /** @description Saved */
        200: {
          content: {
            "application/json": components["schemas"]["FeedComment"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Delete a comment
     * @description Its author, the owner of the post’s program and admins; others who see the post: 403 `not_comment_author`; a post they do not see, or a comment not of that post: 404.
     */
    delete: {
      parameters: {
        path: {
          uuid: string;
          commentUuid: string;
        };
      };
      responses: {
        /** @description Deleted */
        204: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/posts/{uuid}/like": {
    /**
     * Like or unlike a post
     * @description One like per user: toggled, or set with `liked` (then a retry changes nothing). Any signed-in user who sees the post (guests sign in first); 404 otherwise; 422 `post_not_published` on a post an admin hid.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody?: {
        content: {
          "application/json": {
            /** @description Set the like (true) or take it back (false); without it the like is toggled */
            liked?: boolean;
          };
        };
      };
      responses: {
        /** @description The like and the count now */
        200: {
          content: {
            "application/json": components["schemas"]["FeedLikeState"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/upload": {
    /**
     * Upload an image for a post
     * @description Multipart field `file`: a PNG or JPG (judged by its bytes) of at most 2 MiB (2,097,152 bytes) and 40 megapixels, stored as JPG in three sizes (320, 800, 1600 px; metadata removed). Refused files answer 422 at once (`image_too_large`, `image_not_jpg_png`, `image_unreadable`, also on `file`). Give its uuid in the post’s `images`. Program owners, acceptors and admins.
     */
    post: {
      requestBody: {
        content: {
          "multipart/form-data": {
            /** Format: binary */
            file: string;
          };
        };
      };
      responses: {
        /** @description Stored */
        201: {
          content: {
            "application/json": components["schemas"]["FeedUpload"] & {
              height: number;
              sizes: {
                large: string;
                medium: string;
                small: string;
              };
              width: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body too large */
        413: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/uploads": {
    /**
     * Start a resumable document upload (tus 1.0.0)
     * @description The tus creation call: `Upload-Length` (at most 10 MiB) and `Upload-Metadata` (`filename` in base64). Answers 201 with `Location`, where the bytes go with PATCH; HEAD on it tells `Upload-Offset` after a dropped connection, DELETE gives the upload up. The last PATCH answers the stored file as `POST feed/files` does (200 JSON), or 422 when it is refused. Only its creator reaches an upload (404 for anyone else). Program owners, acceptors and admins; use a tus client (tus-js-client).
     */
    post: {
      parameters: {
        header: {
          /** @description The tus protocol version */
          "tus-resumable": "1.0.0";
          /** @description Bytes of the whole file */
          "upload-length": string;
          /** @description `filename <base64>` */
          "upload-metadata"?: string;
        };
      };
      responses: {
        /** @description Created; `Location` is the upload */
        201: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body too large */
        413: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/uploads/{id}": {
    /**
     * Send bytes of a resumable upload (tus 1.0.0)
     * @description Bytes from `Upload-Offset` (the server’s, from HEAD after a drop; 409 otherwise), `Content-Type: application/offset+octet-stream`. 204 with the new `Upload-Offset`; the last one 200 with the stored file `{uuid, path, content_type, name, size}`, or 422 (`file_type_not_allowed`, `file_too_large`).
     */
    patch: {
      parameters: {
        header: {
          /** @description The tus protocol version */
          "tus-resumable": "1.0.0";
          "upload-offset": string;
        };
        path: {
          id: string;
        };
      };
      requestBody?: {
        content: {
          "application/offset+octet-stream": string;
        };
      };
      responses: {
        /** @description The last bytes: the stored file */
        200: {
          content: {
            "application/json": {
              content_type: string;
              name: string;
              path: string;
              size: number;
              /** Format: uuid */
              uuid: string;
            };
          };
        };
        /** @description Stored up to the new `Upload-Offset` */
        204: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body too large */
        413: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/feed/videos": {
    /**
     * Recognise a video address
     * @description A YouTube or Vimeo address (400 `video_not_recognised` on `url` otherwise): answers what a post will show. Posts take the addresses themselves (`videos`). Program owners, acceptors and admins.
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            url: string;
          };
        };
      };
      responses: {
        /** @description Recognised */
        201: {
          content: {
            "application/json": {
              full_url: string;
              /** @enum {string} */
              type: "youtube" | "vimeo";
              /** @description The player to embed */
              url: string;
              /** Format: uuid */
              uuid: string;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/announcements": {
    /**
     * A restaurant’s announcements, newest first
     * @description Its owner and the acceptors working at it; anyone else’s: 404.
     */
    get: {
      parameters: {
        query: {
          /** @description The food program (restaurant) */
          program_uuid: string;
        };
      };
      responses: {
        /** @description Announcements */
        200: {
          content: {
            "application/json": {
              results: components["schemas"]["FoodAnnouncement"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Add an announcement
     * @description Shown on the restaurant list and the restaurant’s page. Text required (not blank).
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            announcement: string;
            /** Format: uuid */
            program_uuid: string;
          };
        };
      };
      responses: {
        /** @description Added */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodAnnouncement"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/announcements/{id}": {
    /**
     * Change an announcement
     * @description None, or another restaurant’s: 404 with reason `notFount` (spec section 8).
     */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            announcement: string;
          };
        };
      };
      responses: {
        /** @description Changed */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodAnnouncement"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Delete an announcement
     * @description None, or another restaurant’s: 404 with reason `notFount` (spec section 8).
     */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Deleted */
        204: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/basket/{sessionUuid}": {
    /** The basket, priced now from the menu */
    get: {
      parameters: {
        path: {
          sessionUuid: string;
        };
      };
      responses: {
        /** @description The basket */
        200: {
          content: {
            "application/json": components["schemas"]["FoodBasket"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Set the count of one basket line (0 removes it)
     * @description A line is a product with a variant (or none) and a set of extras. A variant or extra that is not the product’s: 422 `not_valid_variants` / `not_valid_extras`. Prices are never taken from the request.
     */
    put: {
      parameters: {
        path: {
          sessionUuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            extra_uuids?: string[];
            /** Format: uuid */
            product_id: string;
            quantity: number;
            /** Format: uuid */
            variant_uuid?: string | null;
            [key: string]: unknown;
          };
        };
      };
      responses: {
        /** @description The basket */
        200: {
          content: {
            "application/json": components["schemas"]["FoodBasket"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /** Empty the basket (or one restaurant’s part) */
    post: {
      parameters: {
        query?: {
          restaurant_uuid?: string;
        };
        path: {
          sessionUuid: string;
        };
      };
      responses: {
        /** @description The basket */
        200: {
          content: {
            "application/json": components["schemas"]["FoodBasket"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/basket/{sessionUuid}/checkout": {
    /**
     * Order one restaurant’s part of the basket and start paying
     * @description Refusals (422 unless said): 404 `invalid_session`; `basket_is_empty`; `not_valid_variants`/`not_valid_extras`; `restaurant_closed`, `restaurant_read_only`, `ordering_disabled`, `ordering_paused`; `terms_not_accepted`; `pickup_not_available`; `delivery_address_required`; `outside_delivery_area`; `requested_time_not_available`; `min_order_amount` (params amount, currency); `payment_method_is_not_supported`; `order_limit_reached` (params message). Prices come from the menu only. With an `Idempotency-Key`, a retry answers the same order and payment.
     */
    post: {
      parameters: {
        header?: {
          "idempotency-key"?: string;
        };
        path: {
          sessionUuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            accept_privacy: boolean;
            accept_terms: boolean;
            comment?: string;
            /** @default true */
            delivery_asap?: boolean;
            /** Format: email */
            email: string;
            /** @enum {string} */
            language?: "nl" | "en" | "de" | "ru" | "uk";
            name: string;
            /** @default card */
            payment_method?: string;
            phone: string;
            pickup_in_restaurant?: boolean;
            requested_time?: string | null;
            /** Format: uuid */
            restaurant_uuid: string;
            /** @description Ignored: prices are the server’s */
            total?: number;
          };
        };
      };
      responses: {
        /** @description Ordered; pay at payment_url */
        201: {
          content: {
            "application/json": {
              /** @description The payment page (sandbox card and iDEAL) */
              payment_url: string;
              /** Format: uuid */
              payment_uuid: string;
              result: components["schemas"]["FoodOrderDetail"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/basket/{sessionUuid}/slots": {
    /** The times a guest may choose today (ASAP only when default_asap) */
    get: {
      parameters: {
        query: {
          restaurant_uuid: string;
        };
        path: {
          sessionUuid: string;
        };
      };
      responses: {
        /** @description Slots */
        200: {
          content: {
            "application/json": {
              asap_only: boolean;
              payment_methods: string[];
              slots: {
                  at: string;
                  time: string;
                }[];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/brand": {
    /**
     * The brand of a domain (for server-rendered pages)
     * @description The restaurant a domain serves and its brand: SEO title, description, keywords and language, Google Analytics id, theme colours, logos (favicon sizes 32, 180, 192, 512). `host` defaults to the request’s Host. A host without a brand (the platform’s own): 404. Public.
     */
    get: {
      parameters: {
        query?: {
          host?: string;
        };
      };
      responses: {
        /** @description The brand */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodBrand"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/branding": {
    /**
     * A restaurant’s brand and SEO
     * @description Defaults when none is saved (colour #4d7cfe, SEO language en). The program’s owner; anyone else’s: 404.
     */
    get: {
      parameters: {
        query: {
          /** @description The food program (restaurant) */
          program_uuid: string;
        };
      };
      responses: {
        /** @description The brand */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodBranding"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Save a restaurant’s brand and SEO (multipart)
     * @description Fields as sent change; the rest stay. `domain_name`: dot-separated labels of a-z, 0-9 and hyphens, up to 63 each (`invalid_domain_name`); one restaurant per domain and never a portal’s own host (400 `domain_already_used`). Logos: PNG (`logo_not_png`), app logo at least 256×256, favicon at least 512×512 (`logo_too_small`). The program’s owner.
     */
    post: {
      requestBody: {
        content: {
          "multipart/form-data": {
            /**
             * Format: binary
             * @description PNG, at least 256×256; an empty value removes it
             */
            app_logo?: string;
            /**
             * @description true or false
             * @enum {string}
             */
            disable_card?: "0" | "1" | "true" | "false";
            /**
             * @description true or false
             * @enum {string}
             */
            disable_credit?: "0" | "1" | "true" | "false";
            /**
             * @description true or false
             * @enum {string}
             */
            disable_food?: "0" | "1" | "true" | "false";
            /**
             * @description true or false
             * @enum {string}
             */
            disable_food_court?: "0" | "1" | "true" | "false";
            /**
             * @description true or false
             * @enum {string}
             */
            disable_payment?: "0" | "1" | "true" | "false";
            /** @description An empty value removes it */
            domain_name?: string;
            /**
             * Format: binary
             * @description PNG, at least 512×512; an empty value removes it
             */
            favicon_logo?: string;
            google_analytics_id?: string;
            /** Format: uuid */
            program_uuid: string;
            seo_description?: string;
            /** @description Comma list */
            seo_keywords?: string;
            /** @enum {string} */
            seo_language?: "nl" | "en" | "de" | "ru" | "uk";
            seo_title?: string;
            /** @description The brand colour (#4d7cfe), or `{"color": "#4d7cfe", …}` */
            theme?: string;
          };
        };
      };
      responses: {
        /** @description Saved */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodBranding"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body too large */
        413: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/categories": {
    /**
     * A restaurant’s menu categories, in their order
     * @description The program’s owner and the acceptors working at the restaurant (taking part in the program now); another restaurant’s: 404; an acceptor no longer taking part: 403.
     */
    get: {
      parameters: {
        query: {
          /** @description The food program (restaurant) */
          program_uuid: string;
        };
      };
      responses: {
        /** @description Categories */
        200: {
          content: {
            "application/json": {
              results: components["schemas"]["FoodCategory"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Add a menu category (at the end)
     * @description Title required (not blank). The program’s owner and the acceptors working at the restaurant (taking part in the program now); another restaurant’s: 404; an acceptor no longer taking part: 403.
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            program_uuid: string;
            title: string;
          };
        };
      };
      responses: {
        /** @description Added */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCategory"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/categories/{id}": {
    /**
     * Delete an empty menu category
     * @description A category that still has products: 409 `category_not_empty`. The program’s owner and the acceptors working at the restaurant (taking part in the program now); another restaurant’s: 404; an acceptor no longer taking part: 403.
     */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Deleted */
        204: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Rename or move a menu category
     * @description The program’s owner and the acceptors working at the restaurant (taking part in the program now); another restaurant’s: 404; an acceptor no longer taking part: 403.
     */
    patch: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            position?: number;
            title?: string;
          };
        };
      };
      responses: {
        /** @description Changed */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCategory"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/ccv-onboarding": {
    /**
     * Onboarding state (asks the provider now)
     * @description For the page the provider returns to: polls the provider and answers step 3 (pending: `ccvpay_url`; active: done) or step 4 (rejected: the invitation was reset). The restaurant’s owner, or the court’s owner.
     */
    get: {
      parameters: {
        query: {
          /** @description The food court (program type 5001) */
          food_court: string;
          /** @description A food program (type 4001) */
          restaurant_uuid: string;
        };
      };
      responses: {
        /** @description Where the onboarding stands */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourtOnboarding"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Accept and onboard at the payment provider (accept flow steps 2–4)
     * @description Accepts the invitation (status 2) and connects the restaurant as a merchant of the court’s provider account (the sandbox’s onboarding page in development, CCV or Stripe Connect Express through their adapters). Answers step 3 with `ccvpay_url` to redirect to while onboarding is pending (or done, when already active), or step 4 when the provider refused: the invitation is reset to pending so the restaurant can retry. Onboarding is then followed by webhook and by polling; `GET ccv-onboarding` asks the provider now. Idempotent per invitation. The restaurant’s owner only.
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /**
             * Format: uuid
             * @description The food court (program type 5001)
             */
            food_court: string;
            /**
             * Format: uuid
             * @description A food program (type 4001)
             */
            restaurant_uuid: string;
            return_url?: string;
          };
        };
      };
      responses: {
        /** @description Where the onboarding stands */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourtOnboarding"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/court": {
    /**
     * A food court for its guests, with its restaurants
     * @description By `uuid` or by `domain` (the Host of the court’s guest pages). Only an active court; only restaurants that are active programs with an active invitation and completed onboarding (`is_split_payments_enabled`). Public.
     */
    get: {
      parameters: {
        query?: {
          /** @description The food court (program type 5001) */
          uuid?: string;
          domain?: string;
        };
      };
      responses: {
        /** @description The court */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourtGuest"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/court/basket/{sessionUuid}": {
    /**
     * The court’s cart of a food session
     * @description The session’s basket (lines are set with food’s `PUT basket/{sessionUuid}`, one basket across restaurants) for this court: per restaurant its lines and order (`can_order` with the restaurant’s own minimum), and the whole cart against `food_court_min_order_amount`. Lines of restaurants not in the court are left out (`lines_elsewhere`). Public; the session id is the key.
     */
    get: {
      parameters: {
        query: {
          /** @description The food court (program type 5001) */
          court_uuid: string;
        };
        path: {
          sessionUuid: string;
        };
      };
      responses: {
        /** @description The cart */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourtCart"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/court/basket/{sessionUuid}/checkout": {
    /**
     * Check out the court’s cart: one payment, split
     * @description Every rule of a restaurant’s checkout is checked for each restaurant of the cart (the same reasons: `basket_is_empty`, `restaurant_closed`, `terms_not_accepted`, `outside_delivery_area`, `min_order_amount` with `params.restaurant_uuid`, …), then the court minimum (`min_order_amount` with `params.food_court: true`). Then one sub-order per restaurant (on its kitchen board once paid) and one payment, split: a part per restaurant (its gross less its share of the court fee) and the court fee. `Idempotency-Key`: a repeat answers the same order and payment. Public; the session id is the key.
     */
    post: {
      parameters: {
        header?: {
          /** @description Makes the call safe to retry: a repeat with the same key answers the first result */
          "idempotency-key"?: string;
        };
        path: {
          sessionUuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["FoodCourtCheckout"];
        };
      };
      responses: {
        /** @description The order and its payment */
        201: {
          content: {
            "application/json": {
              /** @description The platform’s payment page */
              payment_url: string;
              /** Format: uuid */
              payment_uuid: string;
              result: components["schemas"]["FoodCourtOrder"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/court/orders/{uuid}": {
    /**
     * A court order for its guest
     * @description Only with its own `session_id` (any other: 404). Public.
     */
    get: {
      parameters: {
        query: {
          session_id: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The order */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourtOrder"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/court/orders/payment/{sessionUuid}": {
    /** Where the payment of the session’s newest court order stands */
    get: {
      parameters: {
        path: {
          sessionUuid: string;
        };
      };
      responses: {
        /** @description Outcome */
        200: {
          content: {
            "application/json": components["schemas"]["FoodCourtPaymentOutcome"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/courts": {
    /**
     * Food courts of the caller
     * @description The program owner’s food courts (type 5001), newest first, in the pagination wrapper; `search` in the title.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 20, at most 100) */
          size?: number;
          search?: string;
        };
      };
      responses: {
        /** @description A page of courts */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["FoodCourtItem"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Create a food court
     * @description Steps 0 and 1 of the food court wizard at once: a program of type 5001 with its court, saved as draftStep2 (11003). Then invite restaurants (step 2) and set draftStep3 / activate through PATCH manager/programs (activation needs the court complete; restaurants may be invited later). Rules (spec section 5), each a 400 naming its field with a code: title and description required (`required`), address unless `can_pickup_in_rest`, an image for a new court; `domain_name` valid (`invalid_domain_name`) and not used by another court or restaurant (400 reason `domain_already_used`); `split_payment_fee_percent` 0–100 with at most 2 decimals (`fee_percent_range`); only one of percent and fixed (`only_one_fee_field`, on both fields: "Only one fee field may be filled"); a fixed fee not starting or ending with . or , (`cost_separator_at_edge`). Program owners only.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["FoodCourtInput"];
        };
      };
      responses: {
        /** @description Created */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourt"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/courts/{uuid}": {
    /**
     * A food court
     * @description Every field of the court (never the super merchant password). A program made through manager/programs and not saved here yet answers the defaults. The owner only: another owner’s or none 404; another type 422 `not_food_court`.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The court */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourt"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Change a food court
     * @description Any of the fields, merged with what is stored and checked whole (send `null` to clear the other fee field when switching between percent and fixed). A draftStep1 program moves to draftStep2. Rules (spec section 5), each a 400 naming its field with a code: title and description required (`required`), address unless `can_pickup_in_rest`, an image for a new court; `domain_name` valid (`invalid_domain_name`) and not used by another court or restaurant (400 reason `domain_already_used`); `split_payment_fee_percent` 0–100 with at most 2 decimals (`fee_percent_range`); only one of percent and fixed (`only_one_fee_field`, on both fields: "Only one fee field may be filled"); a fixed fee not starting or ending with . or , (`cost_separator_at_edge`). The owner only; a blocked program 422 `program_blocked`.
     */
    patch: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["FoodCourtChange"];
        };
      };
      responses: {
        /** @description The court */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourt"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/courts/{uuid}/daily-totals": {
    /**
     * Daily totals of the court, with the food court fee
     * @description Per local day, paid orders only (newest day first); `date` one day.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 31, at most 400) */
          size?: number;
          date?: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description A page of days */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["FoodCourtDailyTotal"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/courts/{uuid}/orders": {
    /**
     * The court’s orders with their sub-orders
     * @description `date` (the court’s local day; default today) or `active_view=true` (paid orders not yet delivered everywhere); `status=` another status. Newest first. The court’s owner only.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 20, at most 100) */
          size?: number;
          date?: string;
          active_view?: "true" | "false";
          status?: number;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description A page of orders */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["FoodCourtOrder"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/courts/{uuid}/orders.csv": {
    /**
     * CSV of the court’s orders, one row per sub-order
     * @description Columns: court order, order date, status, name, email, phone, restaurant, sub-order, sub-order status, gross, food court fee, payout amount, part status, paid out at, refunded at, total of the court order. Minor units; ≤ 400 days; formula-safe.
     */
    get: {
      parameters: {
        query: {
          start_date: string;
          end_date: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description CSV */
        200: {
          content: {
            "text/csv": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/courts/{uuid}/orders/{orderUuid}": {
    /** One court order with its sub-orders */
    get: {
      parameters: {
        path: {
          uuid: string;
          orderUuid: string;
        };
      };
      responses: {
        /** @description The order */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourtOrder"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/courts/{uuid}/settlement": {
    /**
     * Settlement statement of one of the court’s restaurants
     * @description As the restaurant’s own statement, narrowed to this court, for the court’s owner.
     */
    get: {
      parameters: {
        query: {
          start_date: string;
          end_date: string;
          /** @description A food program (type 4001) */
          restaurant_uuid: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The statement */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourtStatement"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/documents/{file}": {
    /**
     * A restaurant’s terms or privacy PDF
     * @description Public: guests accept them before ordering. Unguessable names, cached for good.
     */
    get: {
      parameters: {
        path: {
          file: string;
        };
      };
      responses: {
        /** @description PDF */
        200: {
          content: {
            "application/pdf": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/icons/{size}": {
    /**
     * App icon of a host (PNG)
     * @description `192.png` or `512.png`: made from the brand’s favicon, app logo or restaurant picture, else Cardpay’s icon in the brand’s colour. Also served as `/icons/{size}` on every host. Public.
     */
    get: {
      parameters: {
        query?: {
          host?: string;
        };
        path: {
          size: "192.png" | "512.png";
        };
      };
      responses: {
        /** @description PNG */
        200: {
          content: {
            "image/png": string;
          };
        };
      };
    };
  };
  "/api/v1/food/images/{file}": {
    /**
     * A restaurant, product or logo image in one width
     * @description Public (guest pages). `<uuid>-<width>.webp|jpg|png`; unguessable names, cached for good.
     */
    get: {
      parameters: {
        path: {
          file: string;
        };
      };
      responses: {
        /** @description Image */
        200: {
          content: {
            "image/jpeg": string;
            "image/png": string;
            "image/webp": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/invitations": {
    /**
     * Invitations of the caller’s restaurants
     * @description Invitations sent to the restaurants the caller owns (pending, active, declined; not unsent), with the court’s terms. `program_uuid` narrows to one restaurant (404 if not theirs). Restaurant owners.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 20, at most 100) */
          size?: number;
          /** @description A food program (type 4001) */
          program_uuid?: string;
          status?: "all" | "active" | "pending" | "declined";
        };
      };
      responses: {
        /** @description A page of invitations */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["FoodCourtInvitation"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/invitations/{uuid}": {
    /**
     * One invitation with the court’s terms (accept flow step 1)
     * @description A withdrawn invitation (or another owner’s restaurant’s): 404 reason `notFount`.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The invitation */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourtInvitation"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/invite": {
    /**
     * Restaurants to invite, with their invitation
     * @description Filters (spec section 4): `all` every active food program of any owner with its status (0 when not invited), `active`, `pending`, `declined` the invitations in that status. `title` is part of the restaurant’s title, `email` part of its owner’s e-mail. Sorted by title. The court’s owner only.
     */
    get: {
      parameters: {
        query: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 20, at most 100) */
          size?: number;
          /** @description The food court (program type 5001) */
          program_uuid: string;
          status?: "all" | "active" | "pending" | "declined";
          title?: string;
          email?: string;
        };
      };
      responses: {
        /** @description A page of restaurants */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["FoodCourtInvite"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Send an invitation
     * @description Invites the restaurant (status 1 pending; an unsent or declined one is sent again). One already pending or active: 400 reason `inviteIsAlreadySent` ("Invite is already sent"). The restaurant must be an active food program (404 otherwise). The court’s owner only.
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /**
             * Format: uuid
             * @description The food court (program type 5001)
             */
            program_uuid: string;
            /**
             * Format: uuid
             * @description A food program (type 4001)
             */
            restaurant_uuid: string;
          };
        };
      };
      responses: {
        /** @description The invitation */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourtInvite"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Remove or withdraw an invitation
     * @description Names the court (`program_uuid`), the restaurant and the `list` it is removed from, in the query (or, as the spec has it, in a JSON body: clients that drop DELETE bodies use the query). Removing from the `all` list makes the invitation unsent (status 0, kept); from the `active`, `pending` or `declined` list it is deleted. Either way it is withdrawn: the restaurant then gets 404 `notFount`, and an active restaurant leaves the court’s cart at once (parts already paid are still paid out). The court’s owner only.
     */
    delete: {
      parameters: {
        query?: {
          /** @description The food court (program type 5001) */
          program_uuid?: string;
          /** @description A food program (type 4001) */
          restaurant_uuid?: string;
          list?: "all" | "active" | "pending" | "declined";
        };
      };
      requestBody?: {
        content: {
          "application/json": {
            /**
             * @default all
             * @enum {string}
             */
            list?: "all" | "active" | "pending" | "declined";
            /**
             * Format: uuid
             * @description The food court (program type 5001)
             */
            program_uuid?: string;
            /**
             * Format: uuid
             * @description A food program (type 4001)
             */
            restaurant_uuid?: string;
          };
        };
      };
      responses: {
        /** @description The restaurant as it now stands */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourtInvite"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/invite/{uuid}": {
    /**
     * The restaurant answers an invitation
     * @description Path: the restaurant’s uuid (spec "invite by restaurant uuid"); body: the court’s `program_uuid` and `status` 2 (accept) or 3 (decline). Accepting makes it active; split payments need the onboarding too (`ccv-onboarding`). Declining an active one leaves the court (parts already paid are still paid out). A withdrawn invitation: 404 reason `notFount`. The restaurant’s owner only.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /**
             * Format: uuid
             * @description The food court (program type 5001)
             */
            program_uuid: string;
            status: 2 | 3;
          };
        };
      };
      responses: {
        /** @description The invitation */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourtInvitation"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/invite/count": {
    /** Invitation counts of a court */
    get: {
      parameters: {
        query: {
          /** @description The food court (program type 5001) */
          program_uuid: string;
        };
      };
      responses: {
        /** @description active, pending, declined */
        200: {
          content: {
            "application/json": components["schemas"]["FoodCourtInviteCounts"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/manifest.webmanifest": {
    /**
     * Web app manifest of a host
     * @description A restaurant’s domain: its name, description, language, colour and icons; the platform’s hosts: Cardpay’s. Also served as `/manifest.webmanifest` on every host. Public.
     */
    get: {
      parameters: {
        query?: {
          host?: string;
        };
      };
      responses: {
        /** @description Manifest */
        200: {
          content: {
            "application/manifest+json": {
              [key: string]: unknown;
            };
          };
        };
      };
    };
  };
  "/api/v1/food/orders/{uuid}": {
    /** An order of the session (readable only with its session) */
    get: {
      parameters: {
        query: {
          session_id: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The order */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodOrderDetail"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/orders/{uuid}/events": {
    /**
     * The session’s order status, live (SSE)
     * @description `status` events `{order_status, status_name, changed}` (the current one first, then each change), `heartbeat` every 10 s; the stream ends after about 5 minutes (EventSource reconnects). Another session’s order, or none: 404.
     */
    get: {
      parameters: {
        query: {
          session_id: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Event stream */
        200: {
          content: {
            "text/event-stream": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/orders/{uuid}/payment": {
    /** Start (or find) the payment of the session’s order: the same payment while it lives */
    post: {
      parameters: {
        query: {
          session_id: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The payment */
        200: {
          content: {
            "application/json": {
              /** @description The payment page (sandbox card and iDEAL) */
              payment_url: string;
              /** Format: uuid */
              payment_uuid: string;
              result: components["schemas"]["FoodOrderDetail"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/orders/{uuid}/receipt": {
    /** The receipt of an order of the session (PDF; readable only with its session) */
    get: {
      parameters: {
        query: {
          session_id: string;
          /** @description The reader’s language; default the language the order was placed in */
          language?: "nl" | "en" | "de" | "ru" | "uk";
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The receipt */
        200: {
          content: {
            "application/pdf": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/orders/payment/{sessionId}": {
    /** Where the payment of the session’s newest order stands, and where to send the guest */
    get: {
      parameters: {
        path: {
          sessionId: string;
        };
      };
      responses: {
        /** @description Outcome */
        200: {
          content: {
            "application/json": {
              next: string;
              order_id: number;
              order_status: number;
              /** Format: uuid */
              order_uuid: string;
              /** @enum {string} */
              outcome: "paid" | "pending" | "failed";
              payment_status: string | null;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/privacy": {
    /**
     * Upload a privacy statement (PDF)
     * @description Multipart field `file`: a PDF (judged by its bytes, `pdf_required`) of at most 2 MB. Answers its `uri`, to send as the program’s `privacy_pdf_url`. Program owners.
     */
    post: {
      requestBody: {
        content: {
          "multipart/form-data": {
            /** Format: binary */
            file: string;
          };
        };
      };
      responses: {
        /** @description Stored */
        201: {
          content: {
            "application/json": components["schemas"]["FoodDocumentUri"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body too large */
        413: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/products": {
    /**
     * A restaurant’s products (active or not), in menu order
     * @description Optionally of one of its categories (another restaurant’s category: 404). The program’s owner and the acceptors working at the restaurant (taking part in the program now); another restaurant’s: 404; an acceptor no longer taking part: 403.
     */
    get: {
      parameters: {
        query: {
          /** @description The food program (restaurant) */
          program_uuid: string;
          category_uuid?: string;
        };
      };
      responses: {
        /** @description Products */
        200: {
          content: {
            "application/json": {
              results: components["schemas"]["FoodProduct"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Add a product to a category (at its end)
     * @description Rules (spec section 5), each a 400 naming its field: title, description, image, price, quantity, unit and category required, text not blank; variant and extra rows complete or empty; no keyword twice (`keyword_already_exists` on the repeat, `duplicate_keywords` on `keywords`). The program’s owner and the acceptors working at the restaurant (taking part in the program now); another restaurant’s: 404; an acceptor no longer taking part: 403.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["FoodProductInput"];
        };
      };
      responses: {
        /** @description Added */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodProduct"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/products/{id}": {
    /**
     * Delete a product
     * @description The program’s owner and the acceptors working at the restaurant (taking part in the program now); another restaurant’s: 404; an acceptor no longer taking part: 403.
     */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Deleted */
        204: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Change a product
     * @description Any of the fields; the product is checked whole again. Rules (spec section 5), each a 400 naming its field: title, description, image, price, quantity, unit and category required, text not blank; variant and extra rows complete or empty; no keyword twice (`keyword_already_exists` on the repeat, `duplicate_keywords` on `keywords`). The program’s owner and the acceptors working at the restaurant (taking part in the program now); another restaurant’s: 404; an acceptor no longer taking part: 403.
     */
    patch: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            category_uuid?: string;
            description?: string;
            /** @description As variants */
            extras?: ({
                /** @description Minor units (250), or as typed ('2,50', '2.5'): not starting or ending with . or , */
                price?: number | string | null;
                quantity?: number | null;
                title?: string | null;
                unit?: string | null;
                /**
                 * Format: uuid
                 * @description Keeps an existing row (a basket refers to it); without: a new row
                 */
                uuid?: string | null;
              })[];
            /** @description An image uploaded with POST food/products/images */
            image?: string;
            is_active?: boolean;
            /** @description No keyword twice (any case) */
            keywords?: string[];
            notes?: string;
            nutrition_facts?: string;
            position?: number;
            /** @description Minor units (950) or as typed ('9,50') */
            price?: number | string | null;
            /** @description What a portion holds, in `unit` (up to 3 decimals) */
            quantity?: number;
            title?: string;
            /** @description gram, kilogram, liter, milliliter or piece */
            unit?: string;
            /** @description Rows of title, quantity, unit and price: all or none (`fill_in_all_fields`); empty rows are dropped. Replaces the list. */
            variants?: ({
                /** @description Minor units (250), or as typed ('2,50', '2.5'): not starting or ending with . or , */
                price?: number | string | null;
                quantity?: number | null;
                title?: string | null;
                unit?: string | null;
                /**
                 * Format: uuid
                 * @description Keeps an existing row (a basket refers to it); without: a new row
                 */
                uuid?: string | null;
              })[];
            /**
             * @description The VAT rate the dish is sold at (the platform’s codes: high, low, zero, exempt); new products: low
             * @enum {string}
             */
            vat_code?: "high" | "low" | "zero" | "exempt";
          };
        };
      };
      responses: {
        /** @description Changed */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodProduct"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/products/{uuid}": {
    /**
     * A product with its variants and extras, for guests
     * @description `can_order` and `restaurant_closed` say whether it can be ordered now. An inactive product or one of a restaurant that is not active: 404. Public.
     */
    get: {
      parameters: {
        query?: {
          /** @description The food session (ordering, part 2) */
          session_id?: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The product */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodGuestProduct"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/products/images": {
    /**
     * Upload a product image
     * @description Multipart field `image`: a PNG or JPG (judged by its bytes) under 2 MB; 360×360 fits best. Stored as WebP and JPG 160, 320, 640 and 960 px wide (never enlarged), upright, without metadata. Program owners and acceptors.
     */
    post: {
      requestBody: {
        content: {
          "multipart/form-data": {
            /** Format: binary */
            image: string;
          };
        };
      };
      responses: {
        /** @description Stored */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodImage"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body too large */
        413: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/products/order": {
    /**
     * Order categories and products (drag and drop)
     * @description Each entry names a category (`category_uuid`) or a product (`product_uuid`) of the restaurant and its index (a product’s among its category’s). Anything else named: 400 (`category_unknown`, `product_unknown`), nothing changes. The program’s owner and the acceptors working at the restaurant (taking part in the program now); another restaurant’s: 404; an acceptor no longer taking part: 403.
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            order: {
                /** Format: uuid */
                category_uuid?: string;
                index: number;
                /** Format: uuid */
                product_uuid?: string;
              }[];
            /** Format: uuid */
            program_uuid: string;
          };
        };
      };
      responses: {
        /** @description Ordered: the categories */
        200: {
          content: {
            "application/json": {
              results: components["schemas"]["FoodCategory"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs": {
    /**
     * Food programs (restaurants) of the caller
     * @description A program owner’s own food programs; an acceptor’s the restaurants they work at (active in the program). Newest first, in the pagination wrapper; `search` is part of the title.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 20, at most 100) */
          size?: number;
          search?: string;
        };
      };
      responses: {
        /** @description A page of food programs */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["FoodProgramItem"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Create a food program with its restaurant
     * @description Steps 0 and 1 of the food wizard at once: a program of type 4001 with its restaurant, saved as draftStep2 (the restaurant done; the menu is step 2: draftStep3 and activation need an active product, through PATCH manager/programs). Rules (spec section 5), each a 400 naming its field with a code: title, description and address required (address not when `can_pickup_in_rest`); an image; with pickup, `pickup_fee_heading` and `pickup_fee` both or neither; zip rows with a cost not starting or ending with . or , (`cost_separator_at_edge`) and a zip code that exists (`zip_code_not_found`); distance ranges with start, end and cost, start below end (`range_start_not_below_end`), not overlapping the previous (`range_overlaps_previous`), latitude and longitude; at least one valid range unless pickup (`delivery_range_required`); valid `HH:MM` times on enabled days (`invalid_time_format`, `invalid_time_range`); no exception date twice (`date_already_exists`). Program owners only.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["FoodProgramInput"];
        };
      };
      responses: {
        /** @description Created */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodProgram"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}": {
    /**
     * A food program with its restaurant
     * @description Every field of the restaurant; a program created through manager/programs and not yet saved here answers the defaults (Monday to Friday 09:00–17:00). Its owner, and acceptors working at it; anyone else’s: 404; another type: 422 `not_food_program`.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The food program */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodProgram"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Change a food program’s restaurant
     * @description Any of the fields; the change is merged into what is stored and the whole restaurant is checked again, so a saved restaurant is always complete. Lists (zip rows, ranges, hours, exceptions) are replaced whole. A draftStep1 program moves to draftStep2. Rules (spec section 5), each a 400 naming its field with a code: title, description and address required (address not when `can_pickup_in_rest`); an image; with pickup, `pickup_fee_heading` and `pickup_fee` both or neither; zip rows with a cost not starting or ending with . or , (`cost_separator_at_edge`) and a zip code that exists (`zip_code_not_found`); distance ranges with start, end and cost, start below end (`range_start_not_below_end`), not overlapping the previous (`range_overlaps_previous`), latitude and longitude; at least one valid range unless pickup (`delivery_range_required`); valid `HH:MM` times on enabled days (`invalid_time_format`, `invalid_time_range`); no exception date twice (`date_already_exists`). The owner only; a blocked program: 422 `program_blocked`.
     */
    patch: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["FoodProgramChange"];
        };
      };
      responses: {
        /** @description Saved */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodProgram"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}/counter-orders": {
    /**
     * Take an order at the counter (paid by the payment QR or in cash)
     * @description `payment: terminal` answers `payment_url`, the payment page the staff screen shows as a QR code for the customer’s phone; the order reaches the kitchen board when it is paid. `payment: cash` records the cash the staff member took: the order is paid at once. Prices come from the menu only. Refusals: 422 `basket_is_empty` (no lines), `not_valid_variants`/`not_valid_extras`, `payment_method_is_not_supported` (terminal without card or iDEAL switched on), `program_not_active`; 404 a product not of this restaurant. With an `Idempotency-Key` a retry answers the same order. The restaurant’s owner and its acceptors (staff); another restaurant’s: 404.
     */
    post: {
      parameters: {
        header?: {
          "idempotency-key"?: string;
        };
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["FoodCounterOrderInput"];
        };
      };
      responses: {
        /** @description Taken */
        201: {
          content: {
            "application/json": {
              /** @description The payment page to show as a QR code (null for cash) */
              payment_url: string | null;
              result: components["schemas"]["FoodOrderDetail"];
              /**
               * Format: uuid
               * @description The order’s own session (its guest order page)
               */
              session_id: string;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}/counter-orders/{orderUuid}/cash": {
    /**
     * Take cash instead of the QR for an unpaid counter order
     * @description Closes the order’s payment and records the cash the staff member took: the order is paid at once (no payment, no ledger entry: the restaurant holds the cash). Asked again: the same answer. Refusals: 422 `not_counter_order` (an online order), `order_not_payable` (paid by card already); 409 `order_payment_in_progress` (the customer is paying right now). The restaurant’s owner and its acceptors (staff); another restaurant’s order: 404.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
          orderUuid: string;
        };
      };
      responses: {
        /** @description Paid in cash */
        200: {
          content: {
            "application/json": {
              /** @description The payment page to show as a QR code (null for cash) */
              payment_url: string | null;
              result: components["schemas"]["FoodOrderDetail"];
              /**
               * Format: uuid
               * @description The order’s own session (its guest order page)
               */
              session_id: string;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}/counter-orders/{orderUuid}/payment": {
    /**
     * A new QR for a counter order whose payment failed or ran out
     * @description The payment that still lives (the same `payment_url`), else a new payment of the same order after a failed, expired or cancelled one: asking twice gives the same QR. A paid order answers its paid payment. Refusals: 422 `not_counter_order` (an online order), `order_not_payable` (paid in cash). The restaurant’s owner and its acceptors (staff); another restaurant’s order: 404.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
          orderUuid: string;
        };
      };
      responses: {
        /** @description The payment to show as a QR code */
        200: {
          content: {
            "application/json": {
              /** @description The payment page to show as a QR code (null for cash) */
              payment_url: string | null;
              result: components["schemas"]["FoodOrderDetail"];
              /**
               * Format: uuid
               * @description The order’s own session (its guest order page)
               */
              session_id: string;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}/court-orders/{orderUuid}": {
    /**
     * The restaurant’s part of a court order
     * @description Path: the restaurant and one of its food orders. When that order is a sub-order of a court order: the court, this part’s gross, the court fee taken from it, what the restaurant is paid, the part’s status and whether it may still be rejected (`can_reject`). An ordinary order (or another restaurant’s) 404. Staff of the restaurant (owner, acceptors working there).
     */
    get: {
      parameters: {
        path: {
          /** @description A food program (type 4001) */
          uuid: string;
          orderUuid: string;
        };
      };
      responses: {
        /** @description The part */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourtRestaurantPart"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}/court-orders/{orderUuid}/reject": {
    /**
     * The restaurant rejects its part of a court order
     * @description Path: the restaurant and its sub-order (a food order that is part of a court order). Only this part is refunded to the guest (its whole gross: the court forgoes its fee on it); the other restaurants’ parts go on. Only before it is delivered and paid out (409 `part_not_rejectable`). Staff of the restaurant (owner, acceptors working there); another restaurant’s sub-order 404.
     */
    post: {
      parameters: {
        header?: {
          /** @description Makes the call safe to retry: a repeat with the same key answers the first result */
          "idempotency-key"?: string;
        };
        path: {
          /** @description A food program (type 4001) */
          uuid: string;
          orderUuid: string;
        };
      };
      responses: {
        /** @description The sub-order */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourtSubOrder"];
            };
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}/daily-totals": {
    /**
     * Daily totals of paid orders (amounts in minor units)
     * @description revenue = overall − VAT. The restaurant’s owner and its acceptors (staff); another restaurant’s: 404.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 31, at most 366) */
          size?: number;
          date?: string;
          order_type?: "delivery" | "pickup";
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Totals per day */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: {
                  currency: string;
                  fees_total: number;
                  order_date: string;
                  orders_count: number;
                  overall: number;
                  payouts: number;
                  products_total: number;
                  revenue: number;
                  vat: number;
                }[];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}/orders": {
    /**
     * The restaurant’s orders: the active view or a date view
     * @description active_view=true: paid orders still to do (paid, cooking, out for delivery), oldest first. Otherwise the orders of `date` (default today in the restaurant’s zone), newest first. `last_known_order_id`: new_orders.count counts paid orders after it (for polling). The restaurant’s owner and its acceptors (staff); another restaurant’s: 404.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 50, at most 200) */
          size?: number;
          active_view?: "0" | "1" | "true" | "false";
          last_known_order_id?: number | null;
          date?: string;
          status?: number;
          order_type?: "delivery" | "pickup";
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Orders */
        200: {
          content: {
            "application/json": {
              active_view: boolean;
              /** @description Results over all pages */
              count: number;
              date: string | null;
              last_known_order_id: number | null;
              new_orders: {
                count: number;
              };
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["FoodOrder"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}/orders.csv": {
    /**
     * CSV export of paid orders by date range (streamed)
     * @description start_date and end_date inclusive (restaurant’s days), at most 400 days. The restaurant’s owner and its acceptors (staff); another restaurant’s: 404.
     */
    get: {
      parameters: {
        query: {
          start_date: string;
          end_date: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description CSV */
        200: {
          content: {
            "text/csv": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}/orders/{orderUuid}": {
    /**
     * An order with its items (VAT per item), history and transactions
     * @description The restaurant’s owner and its acceptors (staff); another restaurant’s: 404.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
          orderUuid: string;
        };
      };
      responses: {
        /** @description The order */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodOrderDetail"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}/orders/{orderUuid}/receipt": {
    /**
     * An order’s receipt (PDF)
     * @description Restaurant, order number, date and time on the restaurant’s clock, items with their VAT rate, VAT per rate, totals and payment. The restaurant’s owner and its acceptors (staff); another restaurant’s: 404.
     */
    get: {
      parameters: {
        query?: {
          /** @description The reader’s language; default the language the order was placed in */
          language?: "nl" | "en" | "de" | "ru" | "uk";
        };
        path: {
          uuid: string;
          orderUuid: string;
        };
      };
      responses: {
        /** @description The receipt */
        200: {
          content: {
            "application/pdf": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}/orders/{orderUuid}/status": {
    /**
     * Move an order (the kitchen’s choice or the status number)
     * @description `status`: 5 cooking, 6 out for delivery / ready for pickup, 7 delivered / picked up, or the kitchen’s word (kitchen, delivering, delivered). Forward only from paid; anything else 409 `order_transition_not_allowed`. The restaurant’s owner and its acceptors (staff); another restaurant’s: 404.
     */
    patch: {
      parameters: {
        path: {
          uuid: string;
          orderUuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            status: number | ("pending" | "kitchen" | "delivering" | "delivered");
          };
        };
      };
      responses: {
        /** @description Moved */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodOrderDetail"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}/orders/events": {
    /**
     * The kitchen board, live (Server-Sent Events)
     * @description An `order` event `{seq, kind, status, order}` for each order paid or moved, with `id` = seq; a `heartbeat` event every 2.5 s (a board that hears nothing for 5 s shows itself offline). Reconnecting with `Last-Event-ID` (or `last_event_id` the first time; without either, only what comes next) replays exactly what was missed. The stream ends after about 50 s; EventSource reconnects by itself. The restaurant’s owner and its acceptors (staff); another restaurant’s: 404.
     */
    get: {
      parameters: {
        query?: {
          last_event_id?: number | null;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description An event stream */
        200: {
          content: {
            "text/event-stream": string;
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}/pause": {
    /**
     * Whether new orders are paused now, and until when
     * @description `paused_until` is null when the restaurant takes new orders (never paused, reopened, or the pause has run out). The restaurant’s owner and its acceptors (staff); another restaurant’s: 404.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Paused until */
        200: {
          content: {
            "application/json": {
              paused_until: string | null;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Pause new orders until a minute of the restaurant’s clock (or for some minutes); null reopens
     * @description The restaurant’s owner and its acceptors (staff); another restaurant’s: 404.
     */
    patch: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            minutes?: number;
            until?: string | null;
          };
        };
      };
      responses: {
        /** @description Paused until */
        200: {
          content: {
            "application/json": {
              paused_until: string | null;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/{uuid}/settlement": {
    /**
     * Settlement statement of a restaurant for a period
     * @description The restaurant’s court orders of the period (by business day in its zone): each sub-order’s gross, the court fee taken, refunds and payouts, each line tied to its ledger entry; totals reconciled with the ledger (`reconciled`, or the `difference`). `court_uuid` narrows to one court. Staff of the restaurant; at most 400 days.
     */
    get: {
      parameters: {
        query: {
          start_date: string;
          end_date: string;
          /** @description The food court (program type 5001) */
          court_uuid?: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The statement */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodCourtStatement"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/programs/images": {
    /**
     * Upload a restaurant image
     * @description Multipart field `image`: a PNG or JPG (judged by its bytes) under 2 MB. Stored as WebP and JPG 160, 320, 640 and 960 px wide (never enlarged), upright, without metadata; answered with `srcset` candidates. Use its `uuid` as the program’s `image`. Program owners.
     */
    post: {
      requestBody: {
        content: {
          "multipart/form-data": {
            /** Format: binary */
            image: string;
          };
        };
      };
      responses: {
        /** @description Stored */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodImage"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body too large */
        413: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/restaurants": {
    /**
     * Restaurants for guests, with announcements
     * @description Active restaurants by title. `search` matches a restaurant’s title or one of its products’ titles and keywords; `domain` keeps the restaurant of a branded domain. Opening and closing today, closed now or not, in each restaurant’s time zone. Public.
     */
    get: {
      parameters: {
        query?: {
          /** @description The food session (ordering, part 2) */
          session_id?: string;
          search?: string;
          /** @description A branded domain (the request’s host) */
          domain?: string;
        };
      };
      responses: {
        /** @description Restaurants and their announcements */
        200: {
          content: {
            "application/json": {
              announcements: {
                  announcement: string;
                  restaurant_title: string;
                  /** Format: uuid */
                  restaurant_uuid: string;
                  /** Format: uuid */
                  uuid: string;
                }[];
              data: components["schemas"]["FoodRestaurantListItem"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/restaurants/{uuid}": {
    /**
     * A restaurant with its menu, for guests
     * @description Categories with their active products in the owner’s order, the week’s working hours with today (`current_day_of_week`, `today`) and the exceptions from today on (an exception for today replaces or closes it), open or closed now in the restaurant’s zone. `search` keeps the products whose title, description or keyword holds it. A restaurant that is not active: 404. Public.
     */
    get: {
      parameters: {
        query?: {
          /** @description The food session (ordering, part 2) */
          session_id?: string;
          search?: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The restaurant */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodRestaurant"];
            };
          };
        };
        /** @description Unchanged since the answer whose `ETag` was sent as `If-None-Match` */
        304: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/restaurants/{uuid}/json-ld": {
    /**
     * schema.org Restaurant with its Menu (JSON-LD)
     * @description For the `<script type="application/ld+json">` of the restaurant’s page: address, geo, opening hours, menu sections and items with offers. URLs on `host` (default: the request’s). Public.
     */
    get: {
      parameters: {
        query?: {
          host?: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description JSON-LD */
        200: {
          content: {
            "application/ld+json": {
              [key: string]: unknown;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/robots.txt": {
    /**
     * robots.txt of a host
     * @description Food pages may be crawled, the API and portals not. Also served as `/robots.txt` on every host. Public.
     */
    get: {
      parameters: {
        query?: {
          host?: string;
        };
      };
      responses: {
        /** @description robots.txt */
        200: {
          content: {
            "text/plain": string;
          };
        };
      };
    };
  };
  "/api/v1/food/session": {
    /** The food session with its orders */
    get: {
      parameters: {
        query: {
          session_id: string;
        };
      };
      responses: {
        /** @description The session */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodSession"] & {
                orders: {
                    created: string;
                    currency: string;
                    order_id: number;
                    order_status: number;
                    status_name: string;
                    /** @description The restaurant’s IANA time zone, for `created` */
                    time_zone: string;
                    total: number;
                    /** Format: uuid */
                    uuid: string;
                  }[];
              };
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Start a food session (once per device; keep its uuid)
     * @description Delivery (zip_code, house_number, apartment; lat/lon when known, needed for distance delivery) or pickup_in_restaurant (clears the address). The body may name the product or restaurant the guest came from.
     */
    post: {
      parameters: {
        query?: {
          pickup_in_restaurant?: "0" | "1" | "true" | "false";
          zip_code?: string;
          house_number?: string;
          apartment?: string;
          lat?: number | null;
          lon?: number | null;
          time_zone_offset?: number | null;
        };
      };
      requestBody?: {
        content: {
          "application/json": {
            /** Format: uuid */
            product_uuid?: string;
            /** Format: uuid */
            restaurant_uuid?: string;
          };
        };
      };
      responses: {
        /** @description Started */
        201: {
          content: {
            "application/json": components["schemas"]["FoodSession"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/session/{uuid}": {
    /** Whether a restaurant delivers to the session’s address (or the zip code given) */
    get: {
      parameters: {
        query: {
          restaurant_id: string;
          zip_code?: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Availability */
        200: {
          content: {
            "application/json": {
              can_pickup_in_rest: boolean;
              delivery_cost: number | null;
              /** @enum {string|null} */
              reason: "outside_delivery_area" | "location_needed" | "no_delivery" | null;
              restaurant_available: boolean;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /** Switch between delivery and pickup, or change the address */
    patch: {
      parameters: {
        query?: {
          pickup_in_restaurant?: "0" | "1" | "true" | "false";
          zip_code?: string;
          house_number?: string;
          apartment?: string;
          lat?: number | null;
          lon?: number | null;
          time_zone_offset?: number | null;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Changed */
        200: {
          content: {
            "application/json": components["schemas"]["FoodSession"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/sitemap.xml": {
    /**
     * sitemap.xml of a host
     * @description A restaurant’s domain: its list, page and active products; the platform’s hosts: every active restaurant. Also served as `/sitemap.xml` on every host. Public.
     */
    get: {
      parameters: {
        query?: {
          host?: string;
        };
      };
      responses: {
        /** @description Sitemap */
        200: {
          content: {
            "application/xml": string;
          };
        };
      };
    };
  };
  "/api/v1/food/terms-and-conditions": {
    /**
     * Upload terms and conditions (PDF)
     * @description Multipart field `file`: a PDF (judged by its bytes, `pdf_required`) of at most 2 MB. Answers its `uri`, to send as the program’s `tc_pdf_url`. Program owners.
     */
    post: {
      requestBody: {
        content: {
          "multipart/form-data": {
            /** Format: binary */
            file: string;
          };
        };
      };
      responses: {
        /** @description Stored */
        201: {
          content: {
            "application/json": components["schemas"]["FoodDocumentUri"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body too large */
        413: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/food/theme": {
    /**
     * A brand colour and its 10 shades
     * @description The shades 50 … 900 the guest pages use for a colour (default #4d7cfe), to preview a brand before saving it. Program owners and acceptors.
     */
    get: {
      parameters: {
        query?: {
          color?: string;
        };
      };
      responses: {
        /** @description The theme */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["FoodTheme"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/geo/cities": {
    /**
     * Cities and places
     * @description Places with coordinates and time zone, by name, filtered by country, state and part of the name. `zip_code` is null: the data set has no postal codes.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 50, at most 500) */
          size?: number;
          /** @description Country uuid or ISO 3166-1 alpha-2 code (NL) */
          country?: string;
          /** @description State uuid */
          state?: string;
          /** @description Part of the name, any case */
          name?: string;
        };
      };
      responses: {
        /** @description One page of cities */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["City"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/geo/continents": {
    /**
     * Continents
     * @description The six world regions of the data set (Africa, Americas, Asia, Europe, Oceania, Polar), named in the caller’s language. Few and fixed, so not paginated.
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of the names (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description Every continent */
        200: {
          content: {
            "application/json": components["schemas"]["Continent"][];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/geo/countries": {
    /**
     * Countries
     * @description Countries with ISO code, currency and calling code, named and sorted in the caller’s language. The name filter matches that language or English. The default page holds every country.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 300, at most 300) */
          size?: number;
          /** @description Language of the names (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
          /** @description Part of the name, any case */
          name?: string;
          /** @description Continent uuid or code (europe) */
          continent?: string;
        };
      };
      responses: {
        /** @description One page of countries */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["Country"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/geo/countries/{uuid}": {
    /** One country */
    get: {
      parameters: {
        query?: {
          /** @description Language of the names (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The country */
        200: {
          content: {
            "application/json": components["schemas"]["Country"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/geo/ip/": {
    /**
     * Where the caller is
     * @description Country, state and city of the caller’s address, from a local IP data set (no outside service). The address is the connection’s; behind a reverse proxy (`TRUST_PROXY=true`) the right-most `X-Forwarded-For` entry. Private, local and unknown addresses answer 404 with reason `address_not_located`: use `default_country` from settings/root then.
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of the names (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description Located */
        200: {
          content: {
            "application/json": components["schemas"]["IpLocation"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/geo/states": {
    /**
     * States, provinces and regions
     * @description First-level subdivisions, by name. With `country` the default page holds all of that country’s (the most, the United Kingdom, has 221). Names are as the data set has them (mostly English).
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 300, at most 500) */
          size?: number;
          /** @description Country uuid or ISO 3166-1 alpha-2 code (NL) */
          country?: string;
          /** @description Part of the name, any case */
          name?: string;
        };
      };
      responses: {
        /** @description One page of states */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["State"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/health": {
    /** The process is alive */
    get: {
      responses: {
        /** @description Alive */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "ok";
            };
          };
        };
      };
    };
  };
  "/api/v1/manager/acceptor-programs": {
    /**
     * My programs and cashpoints (acceptor)
     * @description The acceptor portal’s /programs: the acceptor’s places in programs with the program and their cashpoints in it, newest first. By default the live ones: active (21001), pending invitations (21002, to accept or decline) and blocked (21005); `status` picks one. A blocked program shows with its status and takes no payments.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 50, at most 100) */
          size?: number;
          status?: number;
          /** @description Language of descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["AcceptorProgram"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/bill-statistics": {
    /**
     * Credit figures: open, overdue, paid, penalties and reminders
     * @description For a program owner their credit programs’ bills (optionally one program; another owner’s: 404), for an admin every program’s. Per currency the totals and every day of the period (at most 366 days, counted in `tz`): open and overdue at the day’s end, collected, penalties, reminders sent; per program and currency the totals. Open and overdue are now; paid, penalties and reminders within the period.
     */
    get: {
      parameters: {
        query?: {
          program?: string;
          /** @description First day (default: 29 days before `to`) */
          from?: string;
          /** @description Last day, inclusive (default: today) */
          to?: string;
          /** @description The days are counted in this time zone */
          tz?: string;
        };
      };
      responses: {
        /** @description The figures */
        200: {
          content: {
            "application/json": components["schemas"]["BillStatistics"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/bills": {
    /**
     * Bills of the owner’s credit programs
     * @description Newest first. Filters: `program` (another owner’s: 404), `status` (comma-separated), `search` (number, holder name or e-mail, reference), `from`/`to` (issue date, inclusive). Admins see every program’s.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 20, at most 100) */
          size?: number;
          program?: string;
          /** @description States, comma-separated: unpaid, overdue, paid, archived */
          status?: string;
          search?: string;
          from?: string;
          to?: string;
        };
      };
      responses: {
        /** @description A page of bills */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["Bill"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Issue a bill to a card holder
     * @description A bill of an active credit program (422 `program_not_active`) to a card holder (`holder` from `user/cardholders/autocomplete` or `user/cardholders/create`; not one: 400 `holder`). Items are priced net (unit price excluding VAT, minor units) with a VAT rate of `payment/helpers/vat` in force on the issue date; VAT is computed per rate, rounded half away from zero. The number is the program’s next, gapless.
     *
     * Posts the issue to the ledger (110 / 410 / 210) and plans the ladder’s reminders in the bill’s zone (the holder’s `time_zone` when given, else the program’s). Steps whose moment has passed on issue are skipped (`issued_after`), except the latest of them, which goes now. Safe to retry with an `Idempotency-Key`.
     */
    post: {
      parameters: {
        header?: {
          /** @description Makes the call safe to retry: a repeat with the same key answers the first result */
          "idempotency-key"?: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["BillInput"];
        };
      };
      responses: {
        /** @description The bill */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["BillDetail"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/bills/{uuid}": {
    /**
     * A bill with its lines, reminders, payments and timeline
     * @description The timeline: issued, each reminder sent or skipped and why, penalties, payments, due date moves, archiving.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The bill */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["BillDetail"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Move a bill’s due date
     * @description To today or later (400 `date_in_past`), not before the issue date (400 `due_before_issue`). An overdue bill becomes unpaid; its reminders not sent yet are planned again. A paid bill: 422 `bill_paid`; archived: 422 `bill_archived`.
     */
    patch: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["BillPatch"];
        };
      };
      responses: {
        /** @description The bill */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["BillDetail"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/bills/{uuid}/archive": {
    /**
     * Archive (or cancel) a bill
     * @description Final: no reminder goes out for it any more (those not sent yet are skipped, `archived`). Unpaid, overdue and paid bills; archived again: 422 `bill_archived`.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["BillArchive"];
        };
      };
      responses: {
        /** @description The bill */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["BillDetail"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/bills/{uuid}/invoice": {
    /**
     * A bill’s invoice as a PDF
     * @description The bill as a PDF invoice (A4): number, invoice and due date, the sender with the bill contact when the owner shows it, the items with quantity, unit price and VAT rate, subtotal, VAT per rate, total, penalties, payments and the open amount, and while something is open the pay link with its QR code. In the holder’s language unless `lang` says otherwise, worded formally or informally as the program is; dates as days in the bill’s time zone. Another owner’s bill: 404.
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of the invoice; default the holder’s */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The invoice */
        200: {
          content: {
            "application/pdf": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/bills/{uuid}/preview": {
    /** A bill’s ladder: every step with its local send time, penalty and running total */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The bill’s reminders */
        200: {
          content: {
            "application/json": {
              results: components["schemas"]["LadderPreviewRow"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/bills/import": {
    /**
     * Issue bills from a CSV file
     * @description Columns (header row, any order, comma or semicolon): holder_email, due_date, description, quantity, unit_price, vat, reference, issue_date, time_zone; required: holder_email (a card holder’s account), due_date, description, unit_price (net, e.g. 12.50), vat (high, low, zero, exempt); quantity defaults to 1. One row is one bill with one item, issued as `POST manager/bills` issues it. At most 1000 rows.
     *
     * All or nothing: when any row is wrong nothing is issued and 400 names each wrong field as `rows.<line>.<column>` (the line in the file) with its code. The same file uploaded again for the program issues nothing and answers the first import’s bills with `already_imported: true`.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["BillImportInput"];
        };
      };
      responses: {
        /** @description Imported before */
        200: {
          content: {
            "application/json": components["schemas"]["BillImportResult"];
          };
        };
        /** @description The bills issued */
        201: {
          content: {
            "application/json": components["schemas"]["BillImportResult"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/card-expiries": {
    /**
     * Expiry types of a card valid for a period after activation
     * @description Year 31, month 21, day 11. Program owners and admins.
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of titles and descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description The expiry types */
        200: {
          content: {
            "application/json": {
              results: components["schemas"]["CardExpiry"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/card-type-prices": {
    /**
     * Prices of a card per type and currency
     * @description Excluding VAT, with the VAT on each at today’s rate. Program owners and admins.
     */
    get: {
      parameters: {
        query?: {
          currency?: string;
        };
      };
      responses: {
        /** @description The prices */
        200: {
          content: {
            "application/json": {
              results: (components["schemas"]["CardPrice"] & ({
                  /** @example 101 */
                  type: 101 | 201;
                }))[];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/card-types": {
    /**
     * Card types with the price of a card
     * @description Voucher (101) and gift card (201), titled in the caller’s language, each with the price of one card per currency (excluding VAT) and the VAT on it. Program owners and admins.
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of titles and descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description The card types */
        200: {
          content: {
            "application/json": {
              results: components["schemas"]["CardType"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/card-types/{id}": {
    /**
     * Set the price of a card (admin)
     * @description The price of one card of this type in a currency, in minor units excluding VAT (VAT is added on orders). Orders already placed keep their price. Admins only.
     */
    patch: {
      parameters: {
        query?: {
          /** @description Language of titles and descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
        path: {
          id: number | null;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CardPriceChange"];
        };
      };
      responses: {
        /** @description The type with its prices */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["CardType"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/card-values": {
    /**
     * The value of a program’s card
     * @description The card’s one `{value, currency, use_number}` (minor units; use_number 1 once, more that many uses, null unlimited); empty while not set. Same access as GET manager/cards.
     */
    get: {
      parameters: {
        query: {
          /** @description The card program */
          program: string;
        };
      };
      responses: {
        /** @description The values */
        200: {
          content: {
            "application/json": {
              results: components["schemas"]["CardValue"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/cards": {
    /**
     * The card of a card program
     * @description `result` is null until a card type is chosen. The owner’s own programs (another owner’s: 404) and any for admins; a program of another type: 422 `not_card_program`.
     */
    get: {
      parameters: {
        query: {
          /** @description The card program */
          program: string;
          /** @description Language of titles and descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description The card, or null */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["ProgramCard"] | null;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Choose the card type of a draft card program
     * @description Step 1 of a card program (spec section 4): the program moves from draftStep1 to draftStep2. Choosing another type deletes the existing card first and starts a new one (a draftStep3 program goes back to draftStep2); the same type again keeps the card as it is (200).
     *
     * The owner only; another owner’s program: 404. Only drafts: 409 `program_not_draft`. A program of another type: 422 `not_card_program`.
     */
    post: {
      parameters: {
        query?: {
          /** @description Language of titles and descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CardTypeChoice"];
        };
      };
      responses: {
        /** @description The type was already chosen */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["ProgramCard"];
            };
          };
        };
        /** @description A new card */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["ProgramCard"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/cards/{uuid}": {
    /**
     * Delete the card of a draft program
     * @description The program goes back to draftStep1 (no card type chosen). Only drafts: 409 `program_not_draft`. The owner only; another owner’s card: 404.
     */
    delete: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Deleted */
        204: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Change the card’s settings
     * @description Title, description, image, orientation, the value row `{value, currency, use_number}` (a voucher’s value above 0; a gift card’s 0 is flexible, loaded later), validity, privacy and the program period. Complete settings (title, value and validity) move a draftStep2 program to draftStep3 (spec section 4).
     *
     * Wrong input: 400 per field (`values.0.value`, `validity.until`, `image`, `expiry_date` …). Once an order of the program is paid only title, description and image change: 422 `card_settings_locked`. A blocked program: 422 `program_blocked`. The owner only; another owner’s card: 404.
     */
    patch: {
      parameters: {
        query?: {
          /** @description Language of titles and descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CardSettings"];
        };
      };
      responses: {
        /** @description Changed */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["ProgramCard"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/cashpoints": {
    /**
     * Cashpoints
     * @description An acceptor: their own cashpoints (optionally in one program they have or had a place in). A program owner: the cashpoints of every acceptor in their programs. An admin: all. Oldest first. A `program` the caller may not see (another owner’s, one the acceptor never had a place in) or that does not exist: 404.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 50, at most 200) */
          size?: number;
          program?: string;
          is_active?: "true" | "false";
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["Cashpoint"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Open a cashpoint (acceptor)
     * @description In a program the acceptor takes part in (active). Names are unique among the acceptor’s active cashpoints in the program (400 on `title`). A program they never had a place in: 404; one they left (unsubscribed, declined): 403 `not_program_acceptor`; an invitation not accepted yet, blocked in the program, or a blocked or expired program: 422.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["CashpointInput"];
        };
      };
      responses: {
        /** @description Opened */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["Cashpoint"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/cashpoints/{uuid}": {
    /**
     * Rename, deactivate or reactivate a cashpoint (acceptor)
     * @description The acceptor’s own cashpoints (another’s: 404). Deactivating always works; renaming and reactivating need an active place in a usable program (403/422 as for opening one).
     */
    patch: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CashpointChange"];
        };
      };
      responses: {
        /** @description Changed */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["Cashpoint"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/commons/currencies": {
    /**
     * Currencies for programs
     * @description ISO 4217 currencies, the default (EUR) first and flagged `is_default`. The whole list in one page; descriptions in the caller’s language (`lang`, else Accept-Language).
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description The list */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["CommonCurrency"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/commons/images": {
    /**
     * Upload an image
     * @description Multipart field `image`: a JPG or PNG (judged by its bytes) of at most 1 MB; 360×360 px fits best. Stored as JPG (transparency on white, metadata removed, at most 2048 px on the longest side). Wrong type or too large: 400 on `image`; a body over the platform limit: 413. Program owners, acceptors and admins.
     */
    post: {
      requestBody: {
        content: {
          "multipart/form-data": {
            /** Format: binary */
            image: string;
          };
        };
      };
      responses: {
        /** @description Stored */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["ProgramImage"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body too large */
        413: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/commons/images/{file}": {
    /**
     * An uploaded image
     * @description Public, like avatars: program images appear on pages guests see (cards, restaurants). The name is unguessable and never reused, so the answer is cached for good.
     */
    get: {
      parameters: {
        path: {
          file: string;
        };
      };
      responses: {
        /** @description JPG image */
        200: {
          content: {
            "image/jpeg": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/commons/program-types": {
    /**
     * Program types
     * @description card 1001, creditManagement 2001, paymentManagement 3001, foodsManagement 4001, foodCourtManagement 5001. The whole list in one page; descriptions in the caller’s language (`lang`, else Accept-Language).
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description The list */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["ProgramType"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/commons/reminder-sender-types": {
    /**
     * Reminder sender types
     * @description When a bill reminder is sent: 1 before the due date, 2 after it (a number of days, the reminder’s `value`). The whole list in one page; descriptions in the caller’s language (`lang`, else Accept-Language).
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description The list */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["CommonCode"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/commons/reminder-templates": {
    /**
     * Reminder templates
     * @description System templates for bill reminders: a friendly note before the due date, a reminder, a formal reminder and a final notice. `subject` and `text` hold placeholders in braces ({name}, {invoice_number}, {amount}, {due_date}, {company}, {pay_link}) filled when a reminder is sent. The whole list in one page; descriptions in the caller’s language (`lang`, else Accept-Language).
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description The list */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["ReminderTemplate"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/commons/status-types": {
    /**
     * Status types
     * @description The kinds of status: 11 program statuses (11001–11007), 21 acceptor statuses (21001–21005). The whole list in one page; descriptions in the caller’s language (`lang`, else Accept-Language).
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description The list */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["CommonCode"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/commons/statuses": {
    /**
     * Statuses
     * @description Program statuses 11001 active, 11002–11004 draft steps, 11005 pending, 11006 expired, 11007 blocked; acceptor statuses 21001 active, 21002 pending, 21003 unsubscribed, 21004 rejected, 21005 blocked. The whole list in one page; descriptions in the caller’s language (`lang`, else Accept-Language).
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
          /** @description 11 program statuses, 21 acceptor statuses; default both */
          status_type?: number;
        };
      };
      responses: {
        /** @description The list */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["CommonStatus"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/commons/value-types": {
    /**
     * Value types
     * @description How a value such as a penalty is given: 1 amount (fixed, in the program currency), 2 percent (of the amount due). The whole list in one page; descriptions in the caller’s language (`lang`, else Accept-Language).
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description The list */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["CommonCode"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/invitations/{uuid}": {
    /**
     * The invitation of an e-mail link, before signing in
     * @description Open without a token: the link’s `invite_token` is the access. Tells the holder of an invitation link what it is (the program, who invites, the masked address it went to, whether it is still open), so the sign-in page can say so. A wrong or replaced token (a resend makes a new one), a withdrawn invitation or an unknown id: 404, all alike.
     */
    get: {
      parameters: {
        query: {
          /** @description Language of descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
          /** @description The `invite` parameter of the invitation link */
          invite_token: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The invitation */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["InvitationPreview"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/payment-notifications": {
    /**
     * The payment notifications of a payment program
     * @description Oldest first. The program’s owner (with the secrets) and admins (without). Another owner’s program, or one that does not exist: 404; not a payment management program: 422.
     */
    get: {
      parameters: {
        query: {
          program: string;
        };
      };
      responses: {
        /** @description The notifications */
        200: {
          content: {
            "application/json": {
              results: components["schemas"]["PaymentNotification"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Add a payment notification to a payment program
     * @description The program’s owner. Title and url are required; an active notification uses at least one field. Any refusal of the input is 400 with reason `fieldsValidation` and a message per field. The answer holds the signing secret. Another owner’s program: 403; a blocked or other type of program: 422.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["PaymentNotificationInput"];
        };
      };
      responses: {
        /** @description Added */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["PaymentNotification"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/payment-notifications/{uuid}": {
    /**
     * One payment notification
     * @description Its program’s owner (with the secret) and admins (without); anyone else 404.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The notification */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["PaymentNotification"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Delete a payment notification
     * @description Its program’s owner; anyone else 404. Nothing more is sent to it; its delivery log stays readable.
     */
    delete: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Deleted */
        204: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Change a payment notification
     * @description Its program’s owner; anyone else 404. The same rules as adding one (`fieldsValidation`). A new URL or secret applies to every attempt from now on, retries included.
     */
    patch: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PaymentNotificationChanges"];
        };
      };
      responses: {
        /** @description Changed */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["PaymentNotification"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/payment-notifications/categories": {
    /**
     * What a payment notification can send: categories and their fields
     * @description payment (payment.paid), refund (payment.refunded) and failure (payment.failed), each with the fields a notification may use. Uuids are stable. Program owners and admins.
     */
    get: {
      responses: {
        /** @description The catalogue */
        200: {
          content: {
            "application/json": {
              results: components["schemas"]["PaymentNotificationCategory"][];
            };
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/payment-requests": {
    /**
     * A merchant system asks for a payment (answers a QR link)
     * @description In a payment management program, by its owner or an active acceptor of it. `fields` fill the notification catalogue’s payment fields by uuid: amount (cents, required), description (required), currency (the program’s), reference, cashpoint. Answers the request with `pay_url` (a signed, single-use link valid for 15 minutes, to show as a QR code). The outcome goes to `url`, signed with `secret` (answered once as `callback_secret` when it was made). The same `request_uuid` again: the same request (200), with a new link while nobody has started paying. Input refusals: 400 with reason `fieldsValidation`. A program that does not exist, another owner’s, or one the acceptor never had a place in: 404; an acceptor whose place is no longer active: 403 `not_program_acceptor`.
     */
    post: {
      parameters: {
        header?: {
          /** @description Makes the call safe to retry: a repeat with the same key answers the first result */
          "idempotency-key"?: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PaymentRequestApiInput"];
        };
      };
      responses: {
        /** @description Asked before with this request_uuid */
        200: {
          content: {
            "application/json": {
              callback_secret: string | null;
              result: components["schemas"]["TerminalRequest"];
            };
          };
        };
        /** @description Asked */
        201: {
          content: {
            "application/json": {
              callback_secret: string | null;
              result: components["schemas"]["TerminalRequest"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/program-acceptors": {
    /**
     * Acceptors of programs, and an acceptor’s invitations
     * @description Newest first, with params program and status. A program owner: the acceptors and invitations of their programs. An acceptor: their own invitations and places in programs. An admin: all. Card holders: 403. A `program` the caller may not see (another owner’s, one the acceptor never had a place in) or that does not exist: 404.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 20, at most 100) */
          size?: number;
          program?: string;
          /** @description 21001 active, 21002 pending, 21003 unsubscribed, 21004 rejected, 21005 blocked */
          status?: number;
          /** @description Language of descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["ProgramAcceptor"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Invite an acceptor to a program
     * @description Sends an invitation e-mail (in the invitee’s language when they have an account, else the inviter’s) with a link to the acceptor portal: to Programs for an acceptor account, else to the registration. A second invitation while one is pending: 400 "Invite is already sent" (reason `invite_already_sent`); an acceptor already in the program: 400 `already_acceptor`. Another owner’s program: 404; a blocked or expired program: 422.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["AcceptorInvitationInput"];
        };
      };
      responses: {
        /** @description Invited (pending, 21002); the e-mail follows */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["ProgramAcceptor"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/program-acceptors/{uuid}": {
    /**
     * An invitation or an acceptor’s place in a program
     * @description For the program’s owner, admins and the acceptor it belongs to; an acceptor signed in with another address sees an unclaimed invitation with the link’s `invite_token`. Anyone else, or a withdrawn invitation: 404.
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
          /** @description The `invite` parameter of the invitation link */
          invite_token?: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Found */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["ProgramAcceptor"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Withdraw an invitation or unsubscribe an acceptor
     * @description The program owner: a pending invitation is withdrawn (its link and any answer to it then get 404); an active or blocked acceptor is unsubscribed (21003, kept in the list). 204 either way, also when it was already declined or unsubscribed. Another owner’s: 404.
     */
    delete: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Withdrawn or unsubscribed */
        204: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Unsubscribe, block or reactivate an acceptor
     * @description The program owner: active → 21003 unsubscribed (final; invite again to bring them back) or 21005 blocked; blocked → 21001 active or 21003. A pending invitation is withdrawn with DELETE; other moves: 422 `invalid_status_transition`. Another owner’s: 404.
     */
    patch: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ProgramAcceptorChange"];
        };
      };
      responses: {
        /** @description Changed */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["ProgramAcceptor"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/program-acceptors/{uuid}/accept": {
    /**
     * Accept an invitation (acceptor)
     * @description The invited acceptor joins the program (21001 active). The invitation is theirs when it names their account, or with the link’s `invite_token` while nobody has claimed it. A withdrawn invitation, or someone else’s: 404 (notFount). Answering again the same way changes nothing; the other answer afterwards: 409 `invitation_answered`. A blocked or expired program: 422.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["InvitationAnswerInput"];
        };
      };
      responses: {
        /** @description Answered */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["ProgramAcceptor"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/program-acceptors/{uuid}/decline": {
    /**
     * Decline an invitation (acceptor)
     * @description The invited acceptor declines (21004 rejected). The invitation is theirs when it names their account, or with the link’s `invite_token` while nobody has claimed it. A withdrawn invitation, or someone else’s: 404 (notFount). Answering again the same way changes nothing; the other answer afterwards: 409 `invitation_answered`.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["InvitationAnswerInput"];
        };
      };
      responses: {
        /** @description Answered */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["ProgramAcceptor"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/program-acceptors/{uuid}/resend": {
    /**
     * Send an invitation again
     * @description The program owner, for a pending invitation: a new e-mail with a new link (the previous link stops counting). At most once per 60 seconds (429 with Retry-After); an answered invitation: 409 `invitation_answered`. Another owner’s: 404.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The e-mail follows */
        202: {
          content: {
            "application/json": {
              result: components["schemas"]["ProgramAcceptor"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/program-methods": {
    /**
     * A program’s payment methods
     * @description Every method of the payments catalogue with the program’s choice of provider and whether it is used. For the program’s owner and admins; another owner’s program: 404.
     */
    get: {
      parameters: {
        query: {
          program: string;
        };
      };
      responses: {
        /** @description The methods */
        200: {
          content: {
            "application/json": components["schemas"]["ProgramMethods"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Save a program’s payment methods
     * @description Upserts the listed methods (others keep their settings). Rules (400 per field, e.g. `methods.0.provider_id`): the method is in the catalogue and listed once; a provider, when given, can take the method; a used method needs a provider. An active payment program must keep at least one validated method (422 `no_validated_method`); a completed payment draft (draftStep3) that loses its last one goes back to draftStep2. The program’s owner only: another owner’s program is 404; a blocked program 422 `program_blocked`.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["ProgramMethodsInput"];
        };
      };
      responses: {
        /** @description Saved: the methods as now set */
        200: {
          content: {
            "application/json": components["schemas"]["ProgramMethods"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/program-providers": {
    /**
     * A program’s provider accounts (keys masked)
     * @description For the program’s owner and admins; another owner’s program, or one that does not exist: 404.
     */
    get: {
      parameters: {
        query: {
          program: string;
        };
      };
      responses: {
        /** @description Accounts */
        200: {
          content: {
            "application/json": {
              results: components["schemas"]["ProgramProviderAccount"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Save a program’s provider keys (checked with the provider, sealed at rest)
     * @description Refused keys answer 422 `ccv_pay_key_not_valid` with the field; an unreachable provider 503. The newest account of a provider is the one the program’s payments use. Another owner’s program, or one that does not exist: 404.
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            api_key: string;
            /** @enum {string} */
            mode: "test" | "live";
            /** Format: uuid */
            program: string;
            /** @enum {string} */
            provider: "sandbox" | "ccv" | "stripe";
            webhook_secret?: string;
          };
        };
      };
      responses: {
        /** @description Saved */
        201: {
          content: {
            "application/json": components["schemas"]["ProgramProviderAccount"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/programs": {
    /**
     * Programs (all, active, draft)
     * @description A program owner’s own programs, newest first; an admin sees every program (the admin portal’s /programs), optionally one owner’s (`owner` not a program owner, or for an owner anyone but themselves: 404). Acceptors and card holders: 403.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 20, at most 100) */
          size?: number;
          /** @description all; active (11001); draft (11002–11004) */
          filter?: "all" | "active" | "draft";
          type?: number;
          /** @description Part of the title, any case */
          search?: string;
          /** @description Admins: one program owner’s programs (no such owner: 404) */
          owner?: string;
          /** @description Language of descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["Program"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Create a program (step 0 of the wizard)
     * @description Any of the five types (card 1001, credit management 2001, payment management 3001, foods 4001, food court 5001). Saved as draftStep1 (11002) for the caller, to be continued at step 1 (`step`). Program owners only.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["ProgramInput"];
        };
      };
      responses: {
        /** @description Created */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["Program"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/programs/{uuid}": {
    /**
     * A program
     * @description For its owner and admins (the admin portal’s /programs/{uuid}); another owner’s program is 404. Acceptors and card holders: 403.
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The program */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["Program"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Delete a draft program
     * @description Drafts only (11002–11004), with their method settings, invitations and cashpoints: 204. A program past the drafts is blocked instead (409 `program_not_draft`). The owner only; another owner’s program: 404.
     */
    delete: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Deleted */
        204: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Change a program or its status
     * @description The owner changes title, description, currency (drafts only) and status; an admin may only block and unblock (any program). Another owner’s program: 404.
     *
     * Status rules: drafts move one step forward at a time or back to an earlier step; a payment program (3001) reaches draftStep3 and is activated only with at least one payment method that validates (422 `no_validated_method`); draftStep3 → 11001 activates; an active, pending or expired program → 11007 blocks it and answers **202**; a blocked program → 11001 unblocks it (back to its status before the block; the owner only when they blocked it themselves, 403 `blocked_by_admin`). Other moves: 422 `invalid_status_transition`. A blocked program’s details cannot change (422 `program_blocked`).
     */
    patch: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ProgramChange"];
        };
      };
      responses: {
        /** @description Changed */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["Program"];
            };
          };
        };
        /** @description Blocked: the program is unavailable to acceptors and card holders */
        202: {
          content: {
            "application/json": {
              result: components["schemas"]["Program"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/reminder-periods/{uuid}": {
    /**
     * Change when a ladder step is sent
     * @description Spec `reminder-periods/{uuid}` (the step’s uuid): its `time` (before or after the due date, days), `send_time` and `period` (the payment term it states, in days).
     */
    patch: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ReminderPeriodPatch"];
        };
      };
      responses: {
        /** @description The step */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["Reminder"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/reminder-settings/{uuid}": {
    /**
     * Change a credit program’s reminder settings
     * @description Spec `reminder-settings/{uuid}` (the program’s uuid): bill contact (account, phone code and number, chamber of commerce, VAT number, is_showed, address), is_formal, image, contact line, send window (`start` ≤ time < `end` local, same day, ISO weekdays) and time zone. A window that runs past midnight: 400 `window.end` (`window_invalid`); an unknown zone: 400 `time_zone`.
     */
    patch: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ReminderSettingsPatch"];
        };
      };
      responses: {
        /** @description The settings */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["ReminderSettings"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/reminders": {
    /**
     * The reminder ladder of a credit program
     * @description Spec `manager reminders`: the program’s steps in their configured order, with the program’s reminder settings (bill contact, send window, time zone, its 6-letter code). The owner’s own credit programs (another owner’s: 404), any for admins; another type: 422 `not_credit_program`.
     */
    get: {
      parameters: {
        query: {
          program: string;
        };
      };
      responses: {
        /** @description The ladder */
        200: {
          content: {
            "application/json": components["schemas"]["ReminderLadder"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Add a step to a credit program’s ladder
     * @description A reminder step (spec fields: title, description, is_alive, is_system, is_formal, subject, text with placeholders {name} {invoice_number} {amount} {due_date} {company} {pay_link}, time, period, contact, image, penalty) plus `send_time` (local HH:MM). Added last; at most 20 (422 `ladder_full`). Open bills’ reminders not sent yet are planned again.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["ReminderInput"];
        };
      };
      responses: {
        /** @description The step */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["Reminder"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/reminders/{uuid}": {
    /**
     * Remove a ladder step
     * @description Reminders it sent stay on their bills’ timelines; those not sent yet are skipped (`replanned`).
     */
    delete: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Removed */
        204: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Change a ladder step
     * @description Any of the step’s fields. Open bills’ reminders not sent yet are planned again. Another owner’s step: 404.
     */
    patch: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ReminderPatch"];
        };
      };
      responses: {
        /** @description The step */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["Reminder"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/reminders/preview": {
    /**
     * Preview a credit program’s ladder for an example bill
     * @description Every alive step for a bill due on `due_date` with `amount` open (minor units) in `time_zone` (default the program’s): its local send date and time, why it moved (window, dst_gap, spacing), its penalty and the running total (assuming nothing is paid meanwhile).
     */
    get: {
      parameters: {
        query: {
          program: string;
          due_date: string;
          amount?: number | null;
          time_zone?: string;
        };
      };
      responses: {
        /** @description The plan */
        200: {
          content: {
            "application/json": {
              results: components["schemas"]["LadderPreviewRow"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/statistics": {
    /**
     * Paid payments per day
     * @description A program owner: payments that pay them (optionally one of their programs). An acceptor: payments taken at their cashpoints or by their links (optionally in one program they have or had a place in). An admin: all. A `program` the caller may not see (another owner’s, one the acceptor never had a place in) or that does not exist: 404. One series per currency, every day of the range (at most 366 days), counted in `tz`.
     */
    get: {
      parameters: {
        query?: {
          program?: string;
          /** @description First day (default: 29 days before `to`) */
          from?: string;
          /** @description Last day, inclusive (default: today) */
          to?: string;
          /** @description The days are counted in this time zone */
          tz?: string;
        };
      };
      responses: {
        /** @description The figures */
        200: {
          content: {
            "application/json": components["schemas"]["PaymentStatistics"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/terminal-requests": {
    /**
     * Terminal and payment requests, newest first
     * @description An acceptor: those paying them; a program owner: those in their programs; an admin: all. Filter by cashpoint, program and status: a cashpoint or program the caller may not see (another acceptor’s cashpoint, another owner’s program, a program the acceptor never had a place in) or that does not exist is 404, as in a path.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 20, at most 100) */
          size?: number;
          cashpoint?: string;
          program?: string;
          status?: "open" | "claimed" | "paid" | "failed" | "expired" | "cancelled";
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["TerminalRequest"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Ask for a payment at a cashpoint (the phone as terminal)
     * @description The cashpoint’s acceptor (an active acceptor of the program) or the program’s owner. Answers the request with `pay_url`, the link to show as a QR code: signed, single-use, valid for 15 minutes. The money goes to the cashpoint acceptor’s ledger sub-account. Another’s cashpoint: 404; a closed cashpoint or a program that takes no payments: 422. Safe to retry with an `Idempotency-Key`.
     */
    post: {
      parameters: {
        header?: {
          /** @description Makes the call safe to retry: a repeat with the same key answers the first result */
          "idempotency-key"?: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["TerminalRequestInput"];
        };
      };
      responses: {
        /** @description Asked */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["TerminalRequest"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/terminal-requests/{uuid}": {
    /**
     * One terminal or payment request, with its payment’s state
     * @description The acceptor it pays, whoever asked for it, the program’s owner and admins; anyone else 404. For live updates use `…/events`.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The request */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["TerminalRequest"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/terminal-requests/{uuid}/cancel": {
    /**
     * Cancel a request nobody started paying
     * @description Its QR code stops working at once. Once a payer has opened it: 409 `request_claimed`; finished: 409 `request_finished`. Cancelling twice is fine.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Cancelled */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["TerminalRequest"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/terminal-requests/{uuid}/events": {
    /**
     * Live state of a request (Server-Sent Events)
     * @description A `status` event with the request (the same body as GET …/{uuid}, under `result`) at once and whenever it changes: claimed, paid, failed, expired, cancelled. The stream ends after a final status, or after about 50 seconds (the browser’s EventSource reconnects). Who may read the request; anyone else 404.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description An event stream */
        200: {
          content: {
            "text/event-stream": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/manager/terminal-requests/{uuid}/token": {
    /**
     * A new QR code for a request nobody started paying
     * @description Answers a new `pay_url` (valid for 15 minutes, never beyond the payment’s own end); the previous QR code stops working. Claimed or finished: 409.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description A new QR link */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["TerminalRequest"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/bills": {
    /**
     * The card holder’s bills
     * @description The holder portal’s `/bills` (`open=true`: unpaid and overdue ones only, overdue by due date first) and `/bills/all` (every bill, open ones first, then newest). `status` narrows further.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 20, at most 100) */
          size?: number;
          open?: "true" | "false";
          /** @description States, comma-separated: unpaid, overdue, paid, archived */
          status?: string;
        };
      };
      responses: {
        /** @description A page of bills */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["Bill"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/bills/{uuid}": {
    /**
     * One of the card holder’s bills
     * @description The invoice (lines, VAT per rate, penalties), its reminders, payments and timeline. Another holder’s: 404.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The bill */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["BillDetail"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/bills/{uuid}/invoice": {
    /**
     * The invoice of one of the card holder’s bills as a PDF
     * @description The bill as a PDF invoice (A4): number, invoice and due date, the sender with the bill contact when the owner shows it, the items with quantity, unit price and VAT rate, subtotal, VAT per rate, total, penalties, payments and the open amount, and while something is open the pay link with its QR code. In the holder’s language unless `lang` says otherwise, worded formally or informally as the program is; dates as days in the bill’s time zone. Another holder’s bill: 404.
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of the invoice; default the holder’s */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The invoice */
        200: {
          content: {
            "application/pdf": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/bills/{uuid}/payment": {
    /**
     * Start paying a bill’s open amount
     * @description A payment (payments module) of what is open now, penalties included; the holder pays it on the checkout (`checkout_url`) or with `POST payment/pay`. An open payment of the same amount is answered again. When it is paid the bill becomes paid (or counts it as part) and no later reminder goes out. Paid: 422 `bill_paid`; archived: 422 `bill_archived`.
     */
    post: {
      parameters: {
        header?: {
          /** @description Makes the call safe to retry: a repeat with the same key answers the first result */
          "idempotency-key"?: string;
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The payment to pay */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["BillPaymentStarted"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/checkout/{uuid}": {
    /**
     * What the payer sees before and after paying (public)
     * @description Open to anyone with the payment’s link: merchant, amount, description, status and the methods on offer. No personal data.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The checkout */
        200: {
          content: {
            "application/json": components["schemas"]["Checkout"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Start paying on the provider’s hosted page (public)
     * @description Opens an attempt at the payment’s provider and answers where to send the payer (`redirect_url`, the hosted page). A signed-in card holder becomes the payment’s payer and sees it in their transactions. A second call while an attempt is open answers the same page.
     */
    post: {
      parameters: {
        header?: {
          /** @description Makes the call safe to retry: a repeat with the same key answers the first result */
          "idempotency-key"?: string;
        };
        path: {
          uuid: string;
        };
      };
      requestBody?: {
        content: {
          "application/json": {
            /**
             * @default card
             * @enum {string}
             */
            method?: "ideal" | "card" | "stripe" | "paynl" | "paypal" | "ccv";
          };
        };
      };
      responses: {
        /** @description Where to go next */
        200: {
          content: {
            "application/json": {
              checkout: components["schemas"]["Checkout"];
              redirect_url: string | null;
              /** @enum {string} */
              status: "created" | "pending" | "paid" | "failed" | "cancelled" | "expired" | "refunded" | "partially_refunded";
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/helpers/vat": {
    /**
     * Dutch VAT rates
     * @description The VAT rates a price can carry (high 21 %, low 9 % since 2019, zero, exempt), as in force on `at` (default today, Dutch time), each with its earlier percentages. Titles in the language of `lang`, else Accept-Language.
     */
    get: {
      parameters: {
        query?: {
          /** @description The day the rates are for (YYYY-MM-DD) */
          at?: string;
          /** @description Language of the titles */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description The rates */
        200: {
          content: {
            "application/json": {
              at: string;
              results: components["schemas"]["VatRate"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/journals": {
    /**
     * Journal entries (admin; a program owner: those touching their own sub-accounts)
     * @description The entries of a journal (all journals without `journal`), newest booking date first, with their total per currency; filters: booking date range `from`–`to` (inclusive), `search` in description, source or number, and `sub_account` (`kind:external_id`) for the entries of one sub-account. The lines of one entry: `GET payment/journals/{uuid}`.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 25, at most 200) */
          size?: number;
          journal?: "sales" | "purchase" | "bank" | "miscellaneous" | "cards";
          /** @description Booked on or after (inclusive) */
          from?: string;
          /** @description Booked on or before (inclusive) */
          to?: string;
          /** @description Part of the description or source (any case), or the entry number */
          search?: string;
          /** @description Only entries with a line on one of these sub-accounts, as `kind:external_id`, comma-separated (e.g. `program:<program uuid>`); an external id ending in `*` matches by prefix (`acceptor:<program uuid>/*`: the program’s acceptors). A program owner names only their own sub-accounts (and prefixes under one of them): another’s is 404 */
          sub_account?: string;
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["LedgerJournalEntry"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/journals/{uuid}": {
    /** A journal entry with its lines (admin; a program owner: one touching their sub-accounts) */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The entry */
        200: {
          content: {
            "application/json": components["schemas"]["LedgerEntryDetail"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/ledgers": {
    /**
     * Ledger accounts with their balances (admin; a program owner: their own sub-accounts)
     * @description The chart of accounts (110–610) with debit, credit and balance per currency of entries booked on or before `at` (default today).
     */
    get: {
      parameters: {
        query?: {
          at?: string;
          /** @description Also list each sub-account’s balances */
          sub_accounts?: "true" | "false";
        };
      };
      responses: {
        /** @description Accounts */
        200: {
          content: {
            "application/json": {
              at: string;
              results: ({
                  balances: {
                      /** @description debit − credit, minor units */
                      balance: number;
                      credit: number;
                      currency: string;
                      debit: number;
                    }[];
                  code: string;
                  description: string;
                  name: string;
                  normal_side: string;
                  number: number;
                  sub_accounts?: ({
                      balances: {
                          /** @description debit − credit, minor units */
                          balance: number;
                          credit: number;
                          currency: string;
                          debit: number;
                        }[];
                      external_id: string;
                      kind: string;
                      /** @description What it is called (a program’s title; an acceptor’s name and the program’s title for an acceptor’s sub-account in a program); null: show its id */
                      title: string | null;
                      /** Format: uuid */
                      uuid: string;
                    })[];
                })[];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/ledgers/{ledger}/journals": {
    /**
     * Journal entries touching a ledger account (admin; a program owner: their own sub-accounts)
     * @description Newest first; filters: journal, booking date range `from`–`to` (inclusive). Each entry carries its lines on this account.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 25, at most 200) */
          size?: number;
          journal?: "sales" | "purchase" | "bank" | "miscellaneous" | "cards";
          from?: string;
          to?: string;
        };
        path: {
          /** @description Account number (110–610) */
          ledger: number;
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["LedgerEntry"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/ledgers/trial-balance": {
    /**
     * Trial balance (admin)
     * @description Debit and credit totals per account and currency at a date, and the totals per currency (equal when the ledger balances).
     */
    get: {
      parameters: {
        query?: {
          at?: string;
        };
      };
      responses: {
        /** @description Trial balance */
        200: {
          content: {
            "application/json": {
              at: string;
              rows: {
                  account: number;
                  /** @description debit − credit, minor units */
                  balance: number;
                  code: string;
                  credit: number;
                  currency: string;
                  debit: number;
                  name: string;
                }[];
              totals: {
                  balanced: boolean;
                  credit: number;
                  currency: string;
                  debit: number;
                }[];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/methods": {
    /** The payment methods catalogue */
    get: {
      responses: {
        /** @description Methods */
        200: {
          content: {
            "application/json": {
              results: ({
                  description: string;
                  id: string;
                  providers: string[];
                  psp_id: string | null;
                  title: string;
                })[];
            };
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/order": {
    /**
     * The newest card order of a card program
     * @description Spec `GET order {program_uuid}`: the program’s newest order (open, paid, cancelled or expired) with its payment; 404 when it has none. The owner’s own programs (another owner’s: 404) and any for admins.
     */
    get: {
      parameters: {
        query: {
          program_uuid: string;
        };
      };
      responses: {
        /** @description The order */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["CardOrder"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Order cards for a card program
     * @description `quantity` (1–10,000) cards of the program’s card: amount = quantity × (value + price of a card + VAT on the price). Paid to the platform through the payment whose uuid is the order’s: pay it with `POST payment/pay {order_uuid}` or on `/checkout/{uuid}`; the cards are issued once it is paid.
     *
     * A new order supersedes the program’s open one (cancelled; its payment can no longer be paid), unless that one is being paid right now: 409 `order_in_payment` (or just paid: 409 `order_paid`). Only an active card program with complete card settings and a card price in its currency: 422 `program_not_active`, `card_not_complete`, `card_price_missing`, `program_period_ended`. The owner only; another owner’s program: 404. Safe to retry with an `Idempotency-Key`.
     */
    post: {
      parameters: {
        header?: {
          /** @description Makes the call safe to retry: a repeat with the same key answers the first result */
          "idempotency-key"?: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CardOrderInput"];
        };
      };
      responses: {
        /** @description The order, open */
        200: {
          content: {
            "application/json": {
              result: components["schemas"]["CardOrder"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/pay": {
    /**
     * Pay a payment directly with a card (public)
     * @description Card number (16 digits, four groups of four, Luhn), expiry (month 1–12, not past) and CVC (3 digits) are checked with the specification’s messages, handed to the provider in memory and never stored or logged: only brand and last four digits are kept. With another `payment_type` (iDEAL, PayPal) the answer holds the hosted page to go to. A declined card answers 400 with the provider’s message; a card needing confirmation answers `redirect_url`.
     */
    post: {
      parameters: {
        header?: {
          /** @description Makes the call safe to retry: a repeat with the same key answers the first result */
          "idempotency-key"?: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PayInput"];
        };
      };
      responses: {
        /** @description Paid, or where to confirm */
        200: {
          content: {
            "application/json": {
              card_brand: string | null;
              card_last4: string | null;
              redirect_url: string | null;
              /** @enum {string} */
              status: "created" | "pending" | "paid" | "failed" | "cancelled" | "expired" | "refunded" | "partially_refunded";
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/payments": {
    /**
     * Ask for a payment (a payment link)
     * @description A program owner, acceptor or admin asks for an amount; the answer holds `pay_url`, the page where anyone with the link pays it. Money goes to the caller (an acceptor’s or owner’s ledger sub-account, or the program’s). A `program_uuid` that does not exist, another owner’s, or one the acceptor never had a place in: 404; an acceptor whose place is no longer active: 403 `not_program_acceptor`. Safe to retry with an `Idempotency-Key`: the same key and body answer the same payment; another body with that key is refused (409).
     */
    post: {
      parameters: {
        header?: {
          /** @description Makes the call safe to retry: a repeat with the same key answers the first result */
          "idempotency-key"?: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PaymentRequestInput"];
        };
      };
      responses: {
        /** @description Created */
        201: {
          content: {
            "application/json": components["schemas"]["Payment"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/payments/{uuid}": {
    /**
     * A payment with its attempts and refunds
     * @description For the owner it pays, the acceptor who took it, the card holder who paid it, and admins; 404 for anyone else.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The payment */
        200: {
          content: {
            "application/json": components["schemas"]["Payment"] & ({
              attempts: ({
                  card_brand: string | null;
                  card_last4: string | null;
                  /** Format: date-time */
                  created: string;
                  /** @description Captured after another attempt had paid: refunded by the platform */
                  duplicate: boolean;
                  failure_code: string | null;
                  failure_message: string | null;
                  fee: number | null;
                  method: string;
                  number: number;
                  provider: string;
                  status: string;
                  /** Format: uuid */
                  uuid: string;
                })[];
              /** @description What can still be refunded: everything captured less refunds not failed */
              refundable_amount: number;
              refunds: ({
                  amount: number;
                  /** Format: date-time */
                  created: string;
                  currency: string;
                  /**
                   * @description requested: by the owner or an admin; provider: made at the provider; duplicate: a duplicate capture given back
                   * @enum {string}
                   */
                  kind: "requested" | "provider" | "duplicate";
                  reason: string | null;
                  status: string;
                  /** Format: uuid */
                  uuid: string;
                })[];
            });
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/payments/{uuid}/refunds": {
    /**
     * Refund a payment, fully or partly
     * @description For the program owner the payment pays, and admins. Refunds never exceed what was paid, also when sent concurrently. Requires an `Idempotency-Key`: a retried refund refunds once.
     */
    post: {
      parameters: {
        header?: {
          /** @description Makes the call safe to retry: a repeat with the same key answers the first result */
          "idempotency-key"?: string;
        };
        path: {
          uuid: string;
        };
      };
      requestBody?: {
        content: {
          "application/json": {
            /** @description Minor units; default the whole rest */
            amount?: number;
            reason?: string;
          };
        };
      };
      responses: {
        /** @description Refund recorded and sent to the provider */
        202: {
          content: {
            "application/json": {
              payment: components["schemas"]["Payment"];
              status: string;
              /** Format: uuid */
              uuid: string;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/platform-provider": {
    /** The platform’s payment provider account (keys masked) */
    get: {
      responses: {
        /** @description The platform’s account */
        200: {
          content: {
            "application/json": components["schemas"]["PlatformProvider"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Save the platform’s provider keys (checked with the provider, sealed at rest)
     * @description Payments that belong to no program (card orders, payment links outside programs) are taken on this account from now on; the account it replaces keeps serving the payments already taken on it. Refused keys answer 422 `ccv_pay_key_not_valid` with the field; the sandbox in production 422 `sandbox_not_in_production`; an unreachable provider 503.
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            api_key: string;
            /** @enum {string} */
            mode: "test" | "live";
            /** @enum {string} */
            provider: "sandbox" | "ccv" | "stripe";
            webhook_secret?: string;
          };
        };
      };
      responses: {
        /** @description Saved: the platform’s current account */
        201: {
          content: {
            "application/json": components["schemas"]["PlatformProvider"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/qr-pay": {
    /**
     * What a payment QR code asks for (public)
     * @description Open to anyone holding the QR link: merchant, amount and description, before paying. Reading it does not use the code. A forged or garbled token: 400 `token_invalid`. Already used (it led to a payment): 409 `token_used`; expired: 409 `token_expired`; the merchant cancelled it: 409 `token_cancelled`; the merchant showed a newer QR: 409 `token_replaced`. Nothing is charged in any of these cases.
     */
    get: {
      parameters: {
        query: {
          /** @description The token of the QR link (`/pay?token=…`) */
          token: string;
        };
      };
      responses: {
        /** @description What is asked */
        200: {
          content: {
            "application/json": components["schemas"]["QrPayPreview"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Pay a payment QR code (public)
     * @description Uses the code (once: of two people scanning it only the first gets here) and answers the payment to pay on its checkout page (`/checkout/{checkout_uuid}`), where the payer picks a method. A forged or garbled token: 400 `token_invalid`. Already used (it led to a payment): 409 `token_used`; expired: 409 `token_expired`; the merchant cancelled it: 409 `token_cancelled`; the merchant showed a newer QR: 409 `token_replaced`. Nothing is charged in any of these cases.
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** @description The token of the QR link (`/pay?token=…`) */
            token: string;
          };
        };
      };
      responses: {
        /** @description On to the checkout */
        200: {
          content: {
            "application/json": components["schemas"]["QrPayStart"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/transactions": {
    /**
     * Transactions: payments and refunds
     * @description Every money movement the caller may see, newest first: each payment that reached a provider (in its status) and each refund (in the refund’s status, for the refunded amount). An admin sees all; a program owner the payments to them or created by them; an acceptor those at their cashpoint; a card holder those they paid. Filters: status, kind, created day range `from`–`to`, program, and `q` in reference or description. A `program` the caller may not see (another owner’s; for an acceptor one they never had a place in; for a card holder one they never paid in) or that does not exist: 404, as in a path.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 25, at most 200) */
          size?: number;
          /** @description transaction_status */
          status?: "created" | "pending" | "paid" | "failed" | "cancelled" | "expired" | "refunded" | "partially_refunded" | "requested" | "succeeded";
          kind?: "payment" | "duplicate_capture" | "refund";
          /** @description Created on or after this day (Dutch time, inclusive) */
          from?: string;
          /** @description Created on or before this day (Dutch time, inclusive) */
          to?: string;
          /** @description Only this program’s (one the caller may not see, or none: 404) */
          program?: string;
          /** @description Part of the reference (PAY-001042) or of the description, any case */
          q?: string;
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["Transaction"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/transactions/{uuid}": {
    /**
     * One transaction
     * @description A payment or refund the caller may see (the same scope as the list); anyone else’s is a 404.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The transaction */
        200: {
          content: {
            "application/json": components["schemas"]["Transaction"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/transactions/{uuid}/receipt": {
    /**
     * The PDF receipt of a transaction
     * @description A receipt for a paid payment or a succeeded refund, in the language of `lang`, else Accept-Language (Dutch by default): receiver, reference, date, description, amount, VAT when the payment names its rate, method and card (brand and last four digits only). Same scope as the list; a transaction without a receipt (not paid, refund not done) is a 404.
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of the receipt */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The receipt */
        200: {
          content: {
            "application/pdf": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/webhook-deliveries/{uuid}": {
    /**
     * A webhook delivery with its payload and every attempt
     * @description For the endpoint’s owner and admins; anyone else gets 404.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The delivery */
        200: {
          content: {
            "application/json": components["schemas"]["WebhookDeliveryDetail"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/webhook-deliveries/{uuid}/replay": {
    /**
     * Send a webhook delivery again now
     * @description Makes one more attempt right away, whatever the delivery’s state (also after success or when its retries are used up); it appears in the attempt log with trigger `replay`. Answers 202 with the delivery as it was. For the endpoint’s owner and admins; anyone else gets 404. An inactive endpoint: 422 `endpoint_inactive`.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Replay queued */
        202: {
          content: {
            "application/json": components["schemas"]["WebhookDelivery"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/webhook-endpoints/{uuid}": {
    /**
     * A payment notification endpoint: where it sends, and its label
     * @description Never its secret. The label is a code with parameters when the platform words it (a payment request’s callback). For the endpoint’s owner and admins; anyone else gets 404.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The endpoint */
        200: {
          content: {
            "application/json": components["schemas"]["WebhookEndpoint"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/webhook-endpoints/{uuid}/deliveries": {
    /**
     * Deliveries of a payment notification endpoint
     * @description Newest first, optionally only one status. For the endpoint’s owner and admins; anyone else gets 404.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 25, at most 200) */
          size?: number;
          status?: "pending" | "succeeded" | "failed";
        };
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["WebhookDelivery"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/webhook-endpoints/{uuid}/test": {
    /**
     * Send a test ping to a payment notification endpoint
     * @description Queues a `webhook.test` event to the endpoint, signed and retried like any other; follow it with the delivery’s uuid. For the endpoint’s owner and admins; anyone else gets 404. An inactive endpoint: 422 `endpoint_inactive`.
     */
    post: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Ping queued */
        202: {
          content: {
            "application/json": components["schemas"]["WebhookDelivery"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/payment/webhooks/{provider}/{account}": {
    /**
     * Inbound webhook from a payment provider
     * @description Public, authenticated by the provider’s signature with the account’s secret (timestamp within 5 minutes). 200: recorded and applied once in the background; a provider’s retry of an event already received answers 200 with `duplicate: true` and no effect. 409: the very same signed request again (a replay), refused. 400: bad or missing signature, stale timestamp or malformed body (recorded). 404: no such account.
     */
    post: {
      parameters: {
        path: {
          provider: string;
          /** @description Our payment account id */
          account: string;
        };
      };
      responses: {
        /** @description Recorded */
        200: {
          content: {
            "application/json": {
              duplicate: boolean;
              /** @enum {boolean} */
              received: true;
              /** Format: uuid */
              uuid: string;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/ready": {
    /** PostgreSQL and Redis are reachable; events the outbox re-drives */
    get: {
      responses: {
        /** @description Ready to serve */
        200: {
          content: {
            "application/json": {
              checks: {
                postgres: boolean;
                redis: boolean;
              };
              /** @description The outbox re-drive (docs/running.md, "Events that failed for good"); null without PostgreSQL */
              outbox: {
                /** @description Events whose handler job failed for good or vanished, re-driven and not yet handled */
                redriving: number;
                /** @description Events still unhandled after every re-drive (OUTBOX_REDRIVE_MAX): for a person to look at, `npm run jobs -- outbox` */
                stuck: number;
              } | null;
              /** @enum {string} */
              status: "ready" | "unavailable";
            };
          };
        };
        /** @description A dependency is unreachable */
        503: {
          content: {
            "application/json": {
              checks: {
                postgres: boolean;
                redis: boolean;
              };
              /** @description The outbox re-drive (docs/running.md, "Events that failed for good"); null without PostgreSQL */
              outbox: {
                /** @description Events whose handler job failed for good or vanished, re-driven and not yet handled */
                redriving: number;
                /** @description Events still unhandled after every re-drive (OUTBOX_REDRIVE_MAX): for a person to look at, `npm run jobs -- outbox` */
                stuck: number;
              } | null;
              /** @enum {string} */
              status: "ready" | "unavailable";
            };
          };
        };
      };
    };
  };
  "/api/v1/sandbox/checkout/{id}": {
    /** The sandbox hosted payment page */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description The checkout */
        200: {
          content: {
            "application/json": components["schemas"]["SandboxCheckout"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/sandbox/checkout/{id}/bank": {
    /** Choose a bank (iDEAL) on the hosted page */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            bank: string;
          };
        };
      };
      responses: {
        /** @description The checkout */
        200: {
          content: {
            "application/json": components["schemas"]["SandboxCheckout"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/sandbox/checkout/{id}/cancel": {
    /** Cancel on the hosted page */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": Record<string, never>;
        };
      };
      responses: {
        /** @description The checkout */
        200: {
          content: {
            "application/json": components["schemas"]["SandboxCheckout"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/sandbox/checkout/{id}/card": {
    /** Pay on the hosted page with a test card */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            card_number: string;
            cvc: string;
            /** @example 12 / 29 */
            expiry: string;
            holder?: string;
          };
        };
      };
      responses: {
        /** @description The checkout */
        200: {
          content: {
            "application/json": components["schemas"]["SandboxCheckout"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/sandbox/checkout/{id}/confirm": {
    /** Approve or refuse the confirmation step (3-D Secure, banking app) */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            approve: boolean;
          };
        };
      };
      responses: {
        /** @description The checkout */
        200: {
          content: {
            "application/json": components["schemas"]["SandboxCheckout"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/sandbox/onboarding/{id}": {
    /** The sandbox hosted onboarding page */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Merchant */
        200: {
          content: {
            "application/json": {
              country: string;
              email: string;
              id: string;
              name: string;
              return_url: string | null;
              status: string;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /** Finish onboarding: approved, or verification failed */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            approve: boolean;
          };
        };
      };
      responses: {
        /** @description Merchant */
        200: {
          content: {
            "application/json": {
              country: string;
              email: string;
              id: string;
              name: string;
              return_url: string | null;
              status: string;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/settings/currencies": {
    /**
     * Currencies
     * @description ISO 4217 currencies in use by some country, by code, named in the caller’s language. The default page holds them all. The platform’s default is EUR (see settings/root).
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 200, at most 500) */
          size?: number;
          /** @description Language of the names (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description One page of currencies */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["Currency"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/settings/root": {
    /**
     * Root settings
     * @description What a client needs before anything else: languages, default currency and country, and the limits its forms check before sending. Open to everyone.
     */
    get: {
      parameters: {
        query?: {
          /** @description Language of the names (nl, en, de, ru, uk); default from Accept-Language, else nl */
          lang?: "nl" | "en" | "de" | "ru" | "uk";
        };
      };
      responses: {
        /** @description The settings */
        200: {
          content: {
            "application/json": components["schemas"]["RootSettings"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/support/requests": {
    /**
     * Send a support request
     * @description Open to guests and signed-in users. Stores the request and e-mails an acknowledgement with its reference in the requester’s language. At most 5 requests per e-mail address per hour (429). Safe to retry with an `Idempotency-Key`.
     */
    post: {
      parameters: {
        header?: {
          /** @description Makes the call safe to retry: a repeat with the same key answers the first result */
          "idempotency-key"?: string;
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["SupportRequestInput"];
        };
      };
      responses: {
        /** @description Stored; the acknowledgement e-mail follows */
        201: {
          content: {
            "application/json": components["schemas"]["SupportRequest"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body too large */
        413: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/acceptor-signup/code": {
    /**
     * Registration (acceptor): confirm the e-mailed code
     * @description Answers a single-use `signup_token` (30 minutes) for the complete call. 400 on `code`: "confirmation code required"; "wrong confirmation code" (reason `wrong_confirmation_code`, one of 5 tries used); "link expired" (reason `link_expired`: expired, replaced, used or out of tries; offer resend).
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["SignupCodeInput"];
        };
      };
      responses: {
        /** @description Confirmed */
        200: {
          content: {
            "application/json": components["schemas"]["SignupCodeConfirmed"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/acceptor-signup/complete": {
    /**
     * Registration (acceptor): details and password
     * @description Creates the acceptor account with the confirmed e-mail and signs it in: the answer is that of `auth/login` (cookie mode with `X-Auth-Mode: cookie`). 400: "link expired" on `signup_token` (reason `link_expired`: start again); "unsupported country" on `country` (reason `unsupported_country`; served: NL, BE, DE, LU, AT, FR; offer `signup/unsupported-country`); "company name required" for a company; "invalid phone number"; the password rule and "passwords do not match"; "terms must be accepted". `invite_token` (from an invitation link) is handed to the programs module, which links the new acceptor to the inviting program.
     */
    post: {
      parameters: {
        header?: {
          /** @description `cookie`: the browser app; tokens go into httpOnly cookies instead of the body */
          "x-auth-mode"?: "cookie" | "bearer";
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["AcceptorSignupInput"];
        };
      };
      responses: {
        /** @description Registered and signed in */
        201: {
          content: {
            "application/json": components["schemas"]["Tokens"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/acceptor-signup/resend": {
    /**
     * Registration (acceptor): send a new code
     * @description Ends the previous code and e-mails a new one, for a registration started with step_one in the last day; for any other address it answers the same 202 and sends nothing. Codes: 6 digits, 15 minutes, 5 tries; a new one at most every 60 s and 5 per hour (429 with Retry-After, reason `code_resend_too_soon` or `code_limit`).
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["SignupResendInput"];
        };
      };
      responses: {
        /** @description A new code is on its way */
        202: {
          content: {
            "application/json": components["schemas"]["SignupCodeSent"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/acceptor-signup/step_one": {
    /**
     * Registration (acceptor), step one: e-mail a confirmation code
     * @description Answers 400 "email already registered" (reason `email_already_registered`) when the e-mail has an account, or "cardholder already registered" (`cardholder_already_registered`) when it is a card holder's. Codes: 6 digits, 15 minutes, 5 tries; a new one at most every 60 s and 5 per hour (429 with Retry-After, reason `code_resend_too_soon` or `code_limit`). The e-mail is written in `language`, else Accept-Language, else Dutch.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["SignupStepOneInput"];
        };
      };
      responses: {
        /** @description A code is on its way */
        202: {
          content: {
            "application/json": components["schemas"]["SignupCodeSent"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/avatars/{file}": {
    /** An avatar image */
    get: {
      parameters: {
        path: {
          file: string;
        };
      };
      responses: {
        /** @description JPG image */
        200: {
          content: {
            "image/jpeg": string;
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/cardholders/autocomplete": {
    /**
     * Find a card holder to bill
     * @description Spec `user cardholders/autocomplete`: active card holders whose name, e-mail or phone contains `search` (any case; at least 2 characters), at most 10, for a program owner issuing a bill. Only name, e-mail and phone.
     */
    get: {
      parameters: {
        query: {
          search: string;
        };
      };
      responses: {
        /** @description Matching card holders */
        200: {
          content: {
            "application/json": {
              results: components["schemas"]["CardholderChoice"][];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/cardholders/create": {
    /**
     * Create a card holder to bill
     * @description Spec `user cardholders/create`: makes a card holder account and e-mails them an invitation to choose a password (valid 7 days). An address already registered: 409 `email_already_registered` (find them with autocomplete).
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["CardholderCreate"];
        };
      };
      responses: {
        /** @description The card holder */
        201: {
          content: {
            "application/json": {
              result: components["schemas"]["CardholderChoice"];
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/cardholders/signup/code": {
    /**
     * Registration (card holder): confirm the e-mailed code
     * @description Answers a single-use `signup_token` (30 minutes) for the complete call. 400 on `code`: "confirmation code required"; "wrong confirmation code" (reason `wrong_confirmation_code`, one of 5 tries used); "link expired" (reason `link_expired`: expired, replaced, used or out of tries; offer resend).
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["SignupCodeInput"];
        };
      };
      responses: {
        /** @description Confirmed */
        200: {
          content: {
            "application/json": components["schemas"]["SignupCodeConfirmed"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/cardholders/signup/complete": {
    /**
     * Registration (card holder): phone, terms, name, birth date, gender, password
     * @description Creates the card holder account with the confirmed e-mail and signs it in: the answer is that of `auth/login` (cookie mode with `X-Auth-Mode: cookie`). 400: "link expired" on `signup_token` (reason `link_expired`); "invalid phone number"; the password rule and "passwords do not match"; "terms must be accepted". `gender` defaults to male.
     */
    post: {
      parameters: {
        header?: {
          /** @description `cookie`: the browser app; tokens go into httpOnly cookies instead of the body */
          "x-auth-mode"?: "cookie" | "bearer";
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CardholderSignupInput"];
        };
      };
      responses: {
        /** @description Registered and signed in */
        201: {
          content: {
            "application/json": components["schemas"]["Tokens"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/cardholders/signup/resend": {
    /**
     * Registration (card holder): send a new code
     * @description Ends the previous code and e-mails a new one, for a registration started with step_one in the last day; for any other address it answers the same 202 and sends nothing. Codes: 6 digits, 15 minutes, 5 tries; a new one at most every 60 s and 5 per hour (429 with Retry-After, reason `code_resend_too_soon` or `code_limit`).
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["SignupResendInput"];
        };
      };
      responses: {
        /** @description A new code is on its way */
        202: {
          content: {
            "application/json": components["schemas"]["SignupCodeSent"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/cardholders/signup/step_one": {
    /**
     * Registration (card holder), step one: e-mail a confirmation code
     * @description Answers 400 "email already registered" (reason `email_already_registered`) when the e-mail has an account, or "cardholder already registered" (`cardholder_already_registered`) when it is a card holder's. Codes: 6 digits, 15 minutes, 5 tries; a new one at most every 60 s and 5 per hour (429 with Retry-After, reason `code_resend_too_soon` or `code_limit`). The e-mail is written in `language`, else Accept-Language, else Dutch.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["SignupStepOneInput"];
        };
      };
      responses: {
        /** @description A code is on its way */
        202: {
          content: {
            "application/json": components["schemas"]["SignupCodeSent"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/password": {
    /**
     * Set a new password with the e-mailed link
     * @description Sets the password, spends the link (and any other link of the account) and ends every session of the user; sign in afterwards. An unknown, used or expired link answers 400 "link expired" on `token` with reason `link_expired`: offer to send a new link (`password/code`).
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["PasswordSetInput"];
        };
      };
      responses: {
        /** @description Password set; every session ended */
        204: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/password/change": {
    /**
     * Change my password
     * @description Needs the old password ("wrong password" on `old_password`). Every other session of the user ends; this one stays.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["PasswordChangeInput"];
        };
      };
      responses: {
        /** @description Changed */
        204: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/password/code": {
    /**
     * Forgot password: e-mail a link to set a new one
     * @description Always 202, whether or not the e-mail has an account (no account discovery). An existing, active account gets a single-use link `<portal>/password?token=...`, valid 60 minutes, in `language`, else Accept-Language, else Dutch. One request a minute and 5 an hour per address (429 with Retry-After, reasons `reset_too_soon`, `reset_limit`), for every address alike.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["PasswordCodeInput"];
        };
      };
      responses: {
        /** @description If the account exists, the link is on its way */
        202: {
          content: {
            "application/json": components["schemas"]["PasswordCodeSent"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/profile": {
    /** My profile */
    get: {
      responses: {
        /** @description The profile */
        200: {
          content: {
            "application/json": components["schemas"]["Profile"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Save my profile
     * @description Send only the fields to change. Fields of another portal are refused (400). To change the password send `password`, `password_confirmation` and `old_password`; every other session then ends.
     */
    put: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["ProfileInput"];
        };
      };
      responses: {
        /** @description Saved */
        200: {
          content: {
            "application/json": components["schemas"]["Profile"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/profile/avatar": {
    /**
     * Upload my avatar
     * @description Multipart field `avatar`: a JPG or PNG of at most 1 MB (360×360 px fits best). Stored as a 360×360 JPG.
     */
    post: {
      requestBody: {
        content: {
          "multipart/form-data": {
            /** Format: binary */
            avatar: string;
          };
        };
      };
      responses: {
        /** @description The profile with its new avatar */
        200: {
          content: {
            "application/json": components["schemas"]["Profile"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body too large */
        413: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/profile/login-history": {
    /** My sign-in attempts, newest first */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 20, at most 100) */
          size?: number;
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["LoginHistoryEntry"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/profile/sessions": {
    /** My open sessions (signed-in devices) */
    get: {
      responses: {
        /** @description Open sessions, newest first */
        200: {
          content: {
            "application/json": components["schemas"]["Session"][];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /** End all my sessions but this one */
    delete: {
      responses: {
        /** @description Ended */
        200: {
          content: {
            "application/json": {
              ended: number;
            };
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/profile/sessions/{uuid}": {
    /** End one of my sessions (sign a device out) */
    delete: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description Ended */
        204: {
          content: never;
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/signup/code": {
    /**
     * Registration (program owner): confirm the e-mailed code
     * @description Answers a single-use `signup_token` (30 minutes) for the complete call. 400 on `code`: "confirmation code required"; "wrong confirmation code" (reason `wrong_confirmation_code`, one of 5 tries used); "link expired" (reason `link_expired`: expired, replaced, used or out of tries; offer resend).
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["SignupCodeInput"];
        };
      };
      responses: {
        /** @description Confirmed */
        200: {
          content: {
            "application/json": components["schemas"]["SignupCodeConfirmed"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/signup/complete": {
    /**
     * Registration (program owner), step two: details and password
     * @description Creates the program owner account with the confirmed e-mail and signs it in: the answer is that of `auth/login` (cookie mode with `X-Auth-Mode: cookie`). 400: "link expired" on `signup_token` (reason `link_expired`: start again); "unsupported country" on `country` (reason `unsupported_country`; served: NL, BE, DE, LU, AT, FR; offer `signup/unsupported-country`); "company name required" for a company; "invalid phone number"; the password rule and "passwords do not match"; "terms must be accepted".
     */
    post: {
      parameters: {
        header?: {
          /** @description `cookie`: the browser app; tokens go into httpOnly cookies instead of the body */
          "x-auth-mode"?: "cookie" | "bearer";
        };
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ProgramOwnerSignupInput"];
        };
      };
      responses: {
        /** @description Registered and signed in */
        201: {
          content: {
            "application/json": components["schemas"]["Tokens"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict with the current state */
        409: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/signup/countries": {
    /**
     * Countries a program owner or acceptor can register in
     * @description ISO 3166-1 alpha-2 codes. For any other country the screen offers `signup/unsupported-country`.
     */
    get: {
      responses: {
        /** @description The list */
        200: {
          content: {
            "application/json": components["schemas"]["SignupCountries"];
          };
        };
      };
    };
  };
  "/api/v1/user/signup/resend": {
    /**
     * Registration (program owner): send a new code
     * @description Ends the previous code and e-mails a new one, for a registration started with step_one in the last day; for any other address it answers the same 202 and sends nothing. Codes: 6 digits, 15 minutes, 5 tries; a new one at most every 60 s and 5 per hour (429 with Retry-After, reason `code_resend_too_soon` or `code_limit`).
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["SignupResendInput"];
        };
      };
      responses: {
        /** @description A new code is on its way */
        202: {
          content: {
            "application/json": components["schemas"]["SignupCodeSent"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/signup/step_one": {
    /**
     * Registration (program owner), step one: e-mail a confirmation code
     * @description Answers 400 "email already registered" (reason `email_already_registered`) when the e-mail has an account, or "cardholder already registered" (`cardholder_already_registered`) when it is a card holder's. Codes: 6 digits, 15 minutes, 5 tries; a new one at most every 60 s and 5 per hour (429 with Retry-After, reason `code_resend_too_soon` or `code_limit`). The e-mail is written in `language`, else Accept-Language, else Dutch.
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["SignupStepOneInput"];
        };
      };
      responses: {
        /** @description A code is on its way */
        202: {
          content: {
            "application/json": components["schemas"]["SignupCodeSent"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/signup/unsupported-country": {
    /**
     * Leave an e-mail for a country the platform does not serve yet
     * @description Records the interest (once per e-mail, country and registration type) so that the person can be told when the country opens. No e-mail is sent now. A served country answers 400 on `country` ("country is supported": register instead).
     */
    post: {
      requestBody: {
        content: {
          "application/json": components["schemas"]["UnsupportedCountryInput"];
        };
      };
      responses: {
        /** @description Recorded */
        202: {
          content: {
            "application/json": components["schemas"]["SignupCountries"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/users": {
    /**
     * Users (admin)
     * @description Filtered by type (all, po, acc, ch, admin) and by substrings of name, e-mail and phone; newest first.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page number, from 1 */
          page?: number;
          /** @description Results per page (default 25, at most 200) */
          size?: number;
          type?: "all" | "po" | "acc" | "ch" | "admin";
          name?: string;
          email?: string;
          phone?: string;
        };
      };
      responses: {
        /** @description One page */
        200: {
          content: {
            "application/json": {
              /** @description Results over all pages */
              count: number;
              /** @description Link to the next page, null on the last */
              next: string | null;
              /** @description Number of pages (0 when there are no results) */
              pages: number;
              /** @description Link to the previous page, null on the first */
              previous: string | null;
              results: components["schemas"]["ListedUser"][];
              /** @description Page size used */
              size: number;
            };
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
  "/api/v1/user/users/{uuid}": {
    /**
     * A user’s public profile
     * @description Any signed-in user reads the public profile (no e-mail, phone or address); an admin reads everything.
     */
    get: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      responses: {
        /** @description The profile */
        200: {
          content: {
            "application/json": components["schemas"]["PublicProfile"] | components["schemas"]["Profile"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Enable or disable a user (admin)
     * @description Disabling ends every session of the user at once.
     */
    patch: {
      parameters: {
        path: {
          uuid: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            is_active: boolean;
          };
        };
      };
      responses: {
        /** @description Saved */
        200: {
          content: {
            "application/json": components["schemas"]["ListedUser"];
          };
        };
        /** @description Bad input; `fields` names each wrong field */
        400: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No or invalid token */
        401: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed for this caller */
        403: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A business rule refused the request */
        422: {
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
  };
}

export type webhooks = Record<string, never>;

export interface components {
  schemas: {
    AcceptorInvitationInput: {
      email: string;
      /** Format: uuid */
      program: string;
    };
    AcceptorProgram: components["schemas"]["ProgramAcceptor"] & {
      /** @description Mine in this program, oldest first */
      cashpoints: components["schemas"]["Cashpoint"][];
    };
    AcceptorSignupInput: {
      address?: string;
      city?: string;
      /** @description Required when legal_type is 1 */
      company_name?: string;
      /**
       * @description The number without the country calling code, or in international form
       * @example 612345678
       */
      company_phone?: string;
      /**
       * @description Country calling code
       * @example +31
       */
      company_phone_code?: string;
      company_reg_number?: string;
      company_vat_number?: string;
      /**
       * @description ISO 3166-1 alpha-2 code
       * @example NL
       */
      country: string;
      first_name: string;
      /** @description From the invitation link that brought the acceptor here, if any */
      invite_token?: string;
      last_name: string;
      /** @description 1 company, 2 individual */
      legal_type: 1 | 2;
      password: string;
      password_confirmation: string;
      /**
       * @description The number without the country calling code, or in international form
       * @example 612345678
       */
      phone: string;
      /**
       * @description Country calling code
       * @example +31
       */
      phone_code?: string;
      /**
       * @description Keep me signed in (30 days; else 12 hours)
       * @default true
       */
      remember?: boolean;
      /** @description The `signup_token` answered by the code call (single use, 30 minutes) */
      signup_token: string;
      state?: string;
      /**
       * @description The terms and privacy statement were accepted (must be true)
       * @enum {boolean}
       */
      terms: true;
      zip?: string;
    };
    Bill: {
      archived_reason: string | null;
      created: string;
      currency: string;
      due_date: string;
      holder: {
        email: string;
        name: string;
        /** Format: uuid */
        uuid: string;
      };
      issue_date: string;
      next_reminder_at: string | null;
      /**
       * @description Program code and number
       * @example KQZTRW-12
       */
      number: string;
      /** @description What is left to pay: total + penalties − paid_amount */
      open_amount: number;
      /** @description What the holder has paid of it, minor units, never negative (refunds taken off); show it as paid, not as a deduction */
      paid_amount: number;
      paid_at: string | null;
      penalties: number;
      program: {
        code: string;
        title: string;
        /** Format: uuid */
        uuid: string;
      };
      reference: string;
      /** @description `smtp_rejected` when the ladder stopped for good */
      reminders_stopped: string | null;
      /** @description The gapless number within the program */
      sequence: number;
      /** @enum {string} */
      status: "unpaid" | "overdue" | "paid" | "archived";
      subtotal: number;
      /**
       * @description The bill’s IANA time zone (the holder’s given on issue, else the program’s): show its times (timeline, reminders, payments) and count its due date on this clock
       * @example Europe/Amsterdam
       */
      time_zone: string;
      total: number;
      /** Format: uuid */
      uuid: string;
      vat: number;
    };
    BillArchive: {
      reason: string;
    };
    BillDetail: components["schemas"]["Bill"] & ({
      /** @description The program’s bill contact, when shown */
      contact: {
        account: string;
        address: {
          address: string;
          city: string;
          country: string;
          state: string;
          zip: string;
        };
        /** @description Chamber of commerce number */
        chamber: string;
        /** @description Whether the contact is shown on bills */
        is_showed: boolean;
        phone_code: string;
        phone_number: string;
        /** @description VAT number */
        vat: string;
      } | null;
      lines: ({
          description: string;
          /** @enum {string} */
          kind: "item" | "penalty";
          net: number;
          quantity: number;
          unit_price: number;
          vat: string | null;
          /** @description Percent */
          vat_rate: number | null;
        })[];
      payments: ({
          amount: number;
          currency: string;
          paid_at: string | null;
          /** @description Refunded of it since, minor units */
          refunded: number;
          status: string;
          /** Format: uuid */
          uuid: string;
        })[];
      reminders: ({
          local_date: string;
          local_time: string;
          moved: string[];
          order: number;
          penalty: number;
          planned_at: string;
          reason: string | null;
          sent_at: string | null;
          /** @enum {string} */
          status: "planned" | "sending" | "sent" | "skipped" | "failed";
          step: {
            title: string;
            /** Format: uuid */
            uuid: string;
          };
          /** Format: uuid */
          uuid: string;
        })[];
      timeline: ({
          at: string;
          /** @enum {string} */
          kind: "issued" | "reminder_sent" | "reminder_skipped" | "reminder_failed" | "penalty_added" | "payment_received" | "payment_refunded" | "paid" | "overdue" | "due_date_moved" | "archived" | "reminders_stopped";
          params: {
            [key: string]: string | number | boolean | null;
          };
          reminder: string | null;
        })[];
      vat_per_rate: ({
          code: string;
          net: number;
          vat: number;
          vat_rate: number | null;
        })[];
    });
    BillImportInput: {
      /** @description The file’s text (UTF-8): a header row, then one bill per row */
      csv: string;
      /** Format: uuid */
      program: string;
    };
    BillImportResult: {
      already_imported: boolean;
      bills: {
          number: string;
          /** Format: uuid */
          uuid: string;
        }[];
      /** @description Bills issued by this upload (0 when already imported) */
      imported: number;
    };
    BillInput: {
      /** @example 2026-12-31 */
      due_date: string;
      /**
       * Format: uuid
       * @description From `user/cardholders/autocomplete` or `…/create`
       */
      holder: string;
      /**
       * @description Default: today in the bill’s zone
       * @example 2026-12-31
       */
      issue_date?: string;
      items: ({
          description: string;
          quantity: number;
          /** @description Net price of one unit in minor units (excluding VAT) */
          unit_price: number;
          /**
           * @description The VAT rate (payment/helpers/vat)
           * @enum {string}
           */
          vat: "high" | "low" | "zero" | "exempt";
        })[];
      /** Format: uuid */
      program: string;
      reference?: string;
      /** @description The holder’s time zone (default: the program’s) */
      time_zone?: string;
    };
    BillPatch: {
      /** @example 2026-12-31 */
      due_date: string;
    };
    BillPaymentStarted: {
      amount: number;
      /** @description Send the holder here: `/checkout/{uuid}` */
      checkout_url: string;
      currency: string;
      /** Format: uuid */
      payment_uuid: string;
    };
    BillStatistics: {
      from: string;
      /** Format: uuid */
      program: string | null;
      programs: {
          currency: string;
          /** @description Bills unpaid or overdue now; the amount open of them, penalties included */
          open: {
            amount: number;
            count: number;
          };
          /** @description Of those, the overdue ones */
          overdue: {
            amount: number;
            count: number;
          };
          /** @description Payments received in the period; their sum less refunds */
          paid: {
            amount: number;
            count: number;
          };
          /** @description Penalties added in the period */
          penalties: {
            amount: number;
            count: number;
          };
          /** @description Reminders sent in the period */
          reminders_sent: number;
          title: string;
          /** Format: uuid */
          uuid: string;
        }[];
      results: {
          currency: string;
          days: {
              /** @description Received that day, less refunds */
              collected: number;
              date: string;
              /** @description Open at the end of the day */
              open: number;
              /** @description Of it, past its due date */
              overdue: number;
              penalties: number;
              reminders_sent: number;
            }[];
          /** @description Bills unpaid or overdue now; the amount open of them, penalties included */
          open: {
            amount: number;
            count: number;
          };
          /** @description Of those, the overdue ones */
          overdue: {
            amount: number;
            count: number;
          };
          /** @description Payments received in the period; their sum less refunds */
          paid: {
            amount: number;
            count: number;
          };
          /** @description Penalties added in the period */
          penalties: {
            amount: number;
            count: number;
          };
          /** @description Reminders sent in the period */
          reminders_sent: number;
        }[];
      time_zone: string;
      to: string;
    };
    CardActivation: {
      /** @example K7QM-2XRT-9HWC-4NPA */
      token: string;
    };
    CardExpiry: {
      /** @description In the caller’s language */
      description: string;
      /** @example 31 */
      id: 31 | 21 | 11;
      /**
       * @description Stable key
       * @enum {string}
       */
      title: "year" | "month" | "day";
    };
    CardholderChoice: {
      email: string;
      name: string;
      phone: string | null;
      /** Format: uuid */
      uuid: string;
    };
    CardholderCreate: {
      /** Format: email */
      email: string;
      first_name: string;
      /**
       * @description The holder’s language (default the owner’s)
       * @enum {string}
       */
      language?: "nl" | "en" | "de" | "ru" | "uk";
      last_name: string;
      phone?: string;
      phone_code?: string;
    };
    CardholderSignupInput: {
      /**
       * Format: date
       * @example 1990-04-21
       */
      birth_date: string;
      first_name: string;
      /**
       * @default male
       * @enum {string}
       */
      gender?: "male" | "female" | "other";
      last_name: string;
      password: string;
      password_confirmation: string;
      /**
       * @description The number without the country calling code, or in international form
       * @example 612345678
       */
      phone: string;
      /**
       * @description Country calling code
       * @example +31
       */
      phone_code?: string;
      /**
       * @description Keep me signed in (30 days; else 12 hours)
       * @default true
       */
      remember?: boolean;
      /** @description The `signup_token` answered by the code call (single use, 30 minutes) */
      signup_token: string;
      /**
       * @description The terms and privacy statement were accepted (must be true)
       * @enum {boolean}
       */
      terms: true;
    };
    CardOrder: {
      /** @description quantity × (unit_value + unit_price + unit_vat) */
      amount: number;
      cards_issued: number;
      /** Format: date-time */
      created: string;
      currency: string;
      number: number;
      /** Format: date-time */
      paid_at: string | null;
      payment: {
        /** @description The checkout page where the order is paid */
        pay_url: string;
        status: string | null;
        /** Format: uuid */
        uuid: string;
      };
      program_title: string;
      /** Format: uuid */
      program_uuid: string;
      quantity: number;
      /** @enum {string} */
      status: "open" | "paid" | "cancelled" | "expired";
      /** @description Price of one card excluding VAT, minor units */
      unit_price: number;
      /** @description Face value of one card, minor units */
      unit_value: number;
      /** @description VAT on the price of one card, minor units */
      unit_vat: number;
      /**
       * Format: uuid
       * @description Also the uuid of its payment (POST payment/pay {order_uuid})
       */
      uuid: string;
      /** @example 21 */
      vat_rate: number;
    };
    CardOrderInput: {
      /** Format: uuid */
      program_uuid: string;
      quantity: number;
    };
    CardPreview: {
      /** @description What is left to spend, minor units */
      balance: number;
      card: {
        image_url: string | null;
        /** @enum {string} */
        orientation: "horizontal" | "vertical";
        program: {
          title: string;
          /** Format: uuid */
          uuid: string;
        };
        title: string;
        type: components["schemas"]["CardTypeBrief"];
      };
      currency: string;
      /** Format: date-time */
      expires_at: string | null;
      /** @description Who activated it (null: nobody yet) */
      holder_name: string | null;
      /**
       * @description Only `active` can be taken; `issued`: the holder has not activated it yet; `used`: nothing left
       * @enum {string}
       */
      status: "issued" | "active" | "used" | "blocked" | "expired";
      /** @example K7QM-2XRT-9HWC-4NPA */
      token: string;
      /** @description Uses in all; null: unlimited */
      use_number: number | null;
      uses_left: number | null;
      /** @description Face value, minor units */
      value: number;
    };
    CardPrice: {
      /** @example EUR */
      currency: string;
      /**
       * @description One card, minor units, excluding VAT
       * @example 50
       */
      price: number;
      /**
       * @description VAT on the price at today’s rate
       * @example 11
       */
      vat: number;
      /** @example 21 */
      vat_rate: number;
    };
    CardPriceChange: {
      /** @example EUR */
      currency: string;
      /**
       * @description One card, minor units, excluding VAT
       * @example 50
       */
      price: number;
    };
    CardRedemption: {
      acceptor: {
        name: string;
        /** Format: uuid */
        uuid: string;
      };
      /** @description Taken by the acceptor, minor units */
      amount: number;
      /** @description The card’s balance right after, minor units */
      balance_after: number;
      card: {
        title: string;
        /** @example 4NPA */
        token_last4: string;
        /** Format: uuid */
        uuid: string;
      };
      cashpoint: {
        title: string;
        /** Format: uuid */
        uuid: string;
      };
      /** Format: date-time */
      created: string;
      currency: string;
      /** @description Left on the card when this took its last use (the program’s), minor units */
      forfeited: number;
      /** @description Shown on receipts and lists */
      number: number;
      program: {
        title: string;
        /** Format: uuid */
        uuid: string;
      };
      /** Format: date-time */
      reversed_at: string | null;
      /** @description The caller may reverse it now (the acceptor who took it, within 24 hours, nothing forfeited, the card neither expired nor blocked) */
      reversible: boolean;
      /** @enum {string} */
      status: "completed" | "reversed";
      uses_left_after: number | null;
      /** Format: uuid */
      uuid: string;
    };
    CardRedemptionInput: {
      /**
       * @description Minor units, 1 up to the card’s balance
       * @example 1250
       */
      amount: number;
      /** Format: uuid */
      cashpoint: string;
      /** @example K7QM-2XRT-9HWC-4NPA */
      token: string;
    };
    CardSettings: {
      description?: string;
      /**
       * Format: date
       * @description The program’s end
       * @example 2027-12-31
       */
      expiry_date?: string | null;
      /**
       * Format: uuid
       * @description An image the owner uploaded with POST manager/commons/images; null removes it
       */
      image?: string | null;
      is_private?: boolean;
      /** @enum {string} */
      orientation?: "horizontal" | "vertical";
      /**
       * Format: date
       * @example 2027-12-31
       */
      start_date?: string | null;
      title?: string;
      validity?: components["schemas"]["CardValidity"];
      /** @description Exactly one row: the card’s face value and use mode */
      values?: ({
          /**
           * @description The program’s currency (the default)
           * @example EUR
           */
          currency?: string;
          /** @description 1: once; more: that many uses; null: unlimited. Omitted: kept */
          use_number?: number | null;
          /** @description Face value in minor units; 0: a flexible gift card, loaded later */
          value: number;
        })[];
    };
    CardType: {
      /** @enum {string} */
      code: "voucher" | "gift";
      description: string;
      /** @example 101 */
      id: 101 | 201;
      prices: components["schemas"]["CardPrice"][];
      /** @description In the caller’s language */
      title: string;
    };
    CardTypeBrief: {
      /** @enum {string} */
      code: "voucher" | "gift";
      /** @example 101 */
      id: 101 | 201;
      /** @description In the caller’s language */
      title: string;
    };
    CardTypeChoice: {
      /** Format: uuid */
      program: string;
      /**
       * @description voucher 101, gift card 201
       * @enum {integer}
       */
      type: 101 | 201;
    };
    /** @description `program`: while the program runs (to the end of its expiry_date); `after_activation`: expiry_value years (31), months (21) or days (11) after activation; `until`: to the end of a date, which may be after the program’s end */
    CardValidity: OneOf<[{
      /** @enum {string} */
      mode: "program";
    }, {
      /** @enum {integer} */
      expiry_type: 31 | 21 | 11;
      expiry_value: number;
      /** @enum {string} */
      mode: "after_activation";
    }, {
      /** @enum {string} */
      mode: "until";
      /**
       * Format: date
       * @example 2027-12-31
       */
      until: string;
    }]>;
    CardValue: {
      currency: string;
      use_number: number | null;
      value: number;
    };
    Cashpoint: {
      /** Format: uuid */
      acceptor: string;
      /** Format: date-time */
      created: string;
      is_active: boolean;
      /** Format: uuid */
      program: string;
      title: string;
      /** Format: date-time */
      updated: string;
      /** Format: uuid */
      uuid: string;
    };
    CashpointChange: {
      /** @description false deactivates */
      is_active?: boolean;
      /** @example Counter 1 */
      title?: string;
    };
    CashpointInput: {
      /** Format: uuid */
      program: string;
      /** @example Counter 1 */
      title: string;
    };
    Checkout: {
      amount: number;
      card_brand: string | null;
      card_last4: string | null;
      /** @description The cashpoint it was asked at, if any */
      cashpoint: string | null;
      currency: string;
      /** @description In English, or as the person typed it; read `description_code` in the reader’s language */
      description: string;
      /**
       * @description What the platform worded, as a code (null: words a person typed; show `description`)
       * @example card_order
       * @enum {string|null}
       */
      description_code: "card_order" | "credit_bill" | "food_order" | "food_court_order" | null;
      /**
       * @description The code’s parameters
       * @example {
       *   "quantity": 24,
       *   "program_title": "Cadeaubon 2026"
       * }
       */
      description_params: {
        [key: string]: unknown;
      };
      /** Format: date-time */
      expires: string;
      /** @description Why the last attempt failed, as the provider says it (`card_declined`, `insufficient_funds`, …) */
      failure_code: string | null;
      failure_message: string | null;
      /** @description Who is paid, as shown to the payer: the business (shop or program), never the cashier */
      merchant: string;
      methods: {
          id: string;
          title: string;
        }[];
      /** @description The method of the attempt still in flight (a hosted page left open, a bank step): "continue" goes on with it; another method cancels it first */
      open_method: string | null;
      /** Format: date-time */
      paid: string | null;
      reference: string;
      /** @enum {string} */
      status: "created" | "pending" | "paid" | "failed" | "cancelled" | "expired" | "refunded" | "partially_refunded";
      /** Format: uuid */
      uuid: string;
    };
    City: {
      /**
       * Format: uuid
       * @description Country uuid
       */
      country: string;
      /** @example 52.37403 */
      lat: number;
      /** @example 4.88969 */
      lon: number;
      /** @example Amsterdam */
      name: string;
      /**
       * Format: uuid
       * @description State uuid
       */
      state: string;
      /** @example Europe/Amsterdam */
      time_zone: string | null;
      /** Format: uuid */
      uuid: string;
      /** @description Not in the current data set: null */
      zip_code: string | null;
    };
    CommonCode: {
      description: string;
      id: number;
      title: string;
    };
    CommonCurrency: {
      code: string;
      decimals: number;
      is_default: boolean;
      name: string;
      symbol: string;
    };
    CommonStatus: components["schemas"]["Status"] & {
      status_type: number;
    };
    Continent: {
      /** @example europe */
      code: string;
      /** @example Europa */
      name: string;
      /** Format: uuid */
      uuid: string;
    };
    Country: {
      /**
       * @description ISO 3166-1 alpha-2
       * @example NL
       */
      code: string;
      /**
       * @description Continent code
       * @example europe
       */
      continent: string | null;
      /** @example EUR */
      currency_code: string;
      /** @example Euro */
      currency_name: string;
      /** @example Nederland */
      name: string;
      /**
       * @description International calling code
       * @example +31
       */
      phone_code: string;
      /** Format: uuid */
      uuid: string;
    };
    Currency: {
      /**
       * @description ISO 4217
       * @example EUR
       */
      code: string;
      /**
       * @description Digits of the minor unit
       * @example 2
       */
      decimals: number;
      /** @example Euro */
      name: string;
      /** @example € */
      symbol: string;
    };
    Error: {
      error: {
        /** @enum {string} */
        code: "bad_request" | "validation_failed" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "payload_too_large" | "unsupported_media_type" | "business_rule" | "too_many_requests" | "internal" | "service_unavailable";
        field_codes?: {
          [key: string]: components["schemas"]["FieldIssue"][];
        };
        fields?: {
          [key: string]: string[];
        };
        message: string;
        /** @description The numbers and names of the refusal (minor units for amounts) */
        params?: {
          [key: string]: string | number;
        };
        reason?: components["schemas"]["ErrorReason"];
        request_id: string;
        /** @description Seconds to wait (429), as Retry-After */
        retry_after?: number;
      };
    };
    /**
     * @description Why a call was refused, within its `code`. By module:
     * - platform: `nul_character`, `malformed_url`, `idempotency_key_reused`, `idempotency_key_in_progress`, `rate_limited`, `not_program_acceptor`, `cashpoint_inactive`, `overloaded`
     * - identity: `no_token`, `token_invalid`, `session_ended`, `wrong_user_type`, `refresh_unknown`, `refresh_reused`, `refresh_ended`, `invalid_credentials`, `sign_in_throttled`, `account_disabled`, `wrong_portal`, `cannot_disable_self`, `email_already_registered`, `cardholder_already_registered`, `link_expired`, `wrong_confirmation_code`, `unsupported_country`, `country_supported`, `code_resend_too_soon`, `code_limit`, `reset_too_soon`, `reset_limit`, `wrong_password`
     * - reference: `address_not_located`
     * - support: `support_request_limit`
     * - ledger: `unknown_journal`, `invalid_date`, `missing_source`, `missing_description`, `too_few_lines`, `unknown_account`, `invalid_currency`, `unknown_sub_account`, `invalid_sub_account`, `one_side_per_line`, `unbalanced`, `entry_conflict`, `reversal_of_reversal`
     * - payments: `payment_failed`, `card_declined`, `insufficient_funds`, `expired_card`, `incorrect_cvc`, `card_not_supported`, `bank_refused`, `authentication_failed`, `paypal_not_approved`, `fraud_detected`, `card_refused`, `rejected`, `processing_error`, `unsufficient_balance`, `expired`, `cancelled`, `program_not_active`, `platform_provider_missing`, `ccv_pay_key_not_valid`, `ccv_response_invalid`, `sandbox_not_in_production`, `attempt_in_progress`, `already_paid`, `payment_expired`, `payment_method_is_not_supported`, `not_refundable`, `refund_too_large`, `refund_refused`, `not_paid`, `held`, `released`, `payout_refused`, `webhook_missing_signature`, `webhook_bad_signature`, `webhook_stale`, `webhook_malformed`, `webhook_unknown_event`, `webhook_replayed`, `no_receipt`, `open`, `requires_action`, `paid`, `failed`, `merchant_not_active`, `no_split`, `transfer_too_large`
     * - webhooks: `endpoint_inactive`
     * - programs: `invite_already_sent`, `already_acceptor`, `program_blocked`, `program_expired`, `program_not_draft`, `blocked_by_admin`, `draft_not_blockable`, `invalid_status_transition`, `admin_may_only_block`, `no_validated_method`, `currency_locked`, `invitation_answered`, `resend_too_soon`, `invitation_pending`, `acceptor_blocked`
     * - cards: `not_card_program`, `card_type_missing`, `program_not_draft`, `program_blocked`, `card_settings_locked`, `program_not_active`, `card_not_complete`, `program_period_ended`, `card_price_missing`, `order_in_payment`, `order_paid`, `order_not_paid`, `order_conflict`, `order_amount_zero`, `card_order_not_refundable`, `card_already_activated`, `card_expired`, `card_blocked`, `card_not_activated`, `amount_above_balance`, `reversal_too_late`, `reversal_forfeited`, `reversal_card_expired`, `reversal_card_blocked`, `redemption_reversed`
     * - credit: `not_credit_program`, `program_not_active`, `bill_archived`, `bill_paid`, `ladder_full`, `ladder_invalid`
     * - terminal: `not_payment_program`, `program_blocked`, `program_not_active`, `cashpoint_inactive`, `fieldsValidation`, `request_uuid_taken`, `request_claimed`, `request_finished`, `token_invalid`, `token_used`, `token_expired`, `token_cancelled`, `token_replaced`
     * - food: `not_food_program`, `program_blocked`, `restaurant_not_complete`, `menu_empty`, `domain_already_used`, `category_not_empty`, `notFount`, `invalid_session`, `basket_is_empty`, `not_valid_variants`, `not_valid_extras`, `min_order_amount`, `outside_delivery_area`, `delivery_address_required`, `pickup_not_available`, `restaurant_closed`, `restaurant_read_only`, `ordering_disabled`, `ordering_paused`, `order_limit_reached`, `terms_not_accepted`, `requested_time_not_available`, `order_transition_not_allowed`, `order_not_payable`, `not_counter_order`, `order_payment_in_progress`
     * - food-court: `not_food_court`, `court_not_complete`, `inviteIsAlreadySent`, `notFount`, `not_food_program`, `restaurant_not_in_court`, `restaurant_not_onboarded`, `onboarding_refused`, `part_not_rejectable`, `min_order_amount`
     * - feed: `not_post_author`, `not_comment_author`, `post_not_published`, `file_too_large`, `file_type_not_allowed`, `image_too_large`, `image_not_jpg_png`, `image_unreadable`
     * @enum {string}
     */
    ErrorReason: "acceptor_blocked" | "account_disabled" | "address_not_located" | "admin_may_only_block" | "already_acceptor" | "already_paid" | "amount_above_balance" | "attempt_in_progress" | "authentication_failed" | "bank_refused" | "basket_is_empty" | "bill_archived" | "bill_paid" | "blocked_by_admin" | "cancelled" | "cannot_disable_self" | "card_already_activated" | "card_blocked" | "card_declined" | "card_expired" | "card_not_activated" | "card_not_complete" | "card_not_supported" | "card_order_not_refundable" | "card_price_missing" | "card_refused" | "card_settings_locked" | "card_type_missing" | "cardholder_already_registered" | "cashpoint_inactive" | "category_not_empty" | "ccv_pay_key_not_valid" | "ccv_response_invalid" | "code_limit" | "code_resend_too_soon" | "country_supported" | "court_not_complete" | "currency_locked" | "delivery_address_required" | "domain_already_used" | "draft_not_blockable" | "email_already_registered" | "endpoint_inactive" | "entry_conflict" | "expired" | "expired_card" | "failed" | "fieldsValidation" | "file_too_large" | "file_type_not_allowed" | "fraud_detected" | "held" | "idempotency_key_in_progress" | "idempotency_key_reused" | "image_not_jpg_png" | "image_too_large" | "image_unreadable" | "incorrect_cvc" | "insufficient_funds" | "invalid_credentials" | "invalid_currency" | "invalid_date" | "invalid_session" | "invalid_status_transition" | "invalid_sub_account" | "invitation_answered" | "invitation_pending" | "inviteIsAlreadySent" | "invite_already_sent" | "ladder_full" | "ladder_invalid" | "link_expired" | "malformed_url" | "menu_empty" | "merchant_not_active" | "min_order_amount" | "missing_description" | "missing_source" | "no_receipt" | "no_split" | "no_token" | "no_validated_method" | "notFount" | "not_card_program" | "not_comment_author" | "not_counter_order" | "not_credit_program" | "not_food_court" | "not_food_program" | "not_paid" | "not_payment_program" | "not_post_author" | "not_program_acceptor" | "not_refundable" | "not_valid_extras" | "not_valid_variants" | "nul_character" | "onboarding_refused" | "one_side_per_line" | "open" | "order_amount_zero" | "order_conflict" | "order_in_payment" | "order_limit_reached" | "order_not_paid" | "order_not_payable" | "order_paid" | "order_payment_in_progress" | "order_transition_not_allowed" | "ordering_disabled" | "ordering_paused" | "outside_delivery_area" | "overloaded" | "paid" | "part_not_rejectable" | "payment_expired" | "payment_failed" | "payment_method_is_not_supported" | "payout_refused" | "paypal_not_approved" | "pickup_not_available" | "platform_provider_missing" | "post_not_published" | "processing_error" | "program_blocked" | "program_expired" | "program_not_active" | "program_not_draft" | "program_period_ended" | "rate_limited" | "redemption_reversed" | "refresh_ended" | "refresh_reused" | "refresh_unknown" | "refund_refused" | "refund_too_large" | "rejected" | "released" | "request_claimed" | "request_finished" | "request_uuid_taken" | "requested_time_not_available" | "requires_action" | "resend_too_soon" | "reset_limit" | "reset_too_soon" | "restaurant_closed" | "restaurant_not_complete" | "restaurant_not_in_court" | "restaurant_not_onboarded" | "restaurant_read_only" | "reversal_card_blocked" | "reversal_card_expired" | "reversal_forfeited" | "reversal_of_reversal" | "reversal_too_late" | "sandbox_not_in_production" | "session_ended" | "sign_in_throttled" | "support_request_limit" | "terms_not_accepted" | "token_cancelled" | "token_expired" | "token_invalid" | "token_replaced" | "token_used" | "too_few_lines" | "transfer_too_large" | "unbalanced" | "unknown_account" | "unknown_journal" | "unknown_sub_account" | "unsufficient_balance" | "unsupported_country" | "webhook_bad_signature" | "webhook_malformed" | "webhook_missing_signature" | "webhook_replayed" | "webhook_stale" | "webhook_unknown_event" | "wrong_confirmation_code" | "wrong_password" | "wrong_portal" | "wrong_user_type";
    FeedAdminPost: components["schemas"]["FeedPost"] & ({
      /** Format: date-time */
      deleted: string | null;
      /** @enum {string} */
      status?: "published" | "hidden" | "removed" | "deleted";
    });
    FeedAuthor: {
      avatar: string | null;
      company_name: string | null;
      /** @description Only for admins; null for everyone else */
      email: string | null;
      first_name: string;
      full_name: string;
      last_name: string;
      /** @description owner 1, acceptor 2, card holder 3, admin 4 */
      type: number;
      /** Format: uuid */
      uuid: string;
    };
    FeedComment: {
      /** Format: date-time */
      created: string;
      is_modified: boolean;
      /** Format: date-time */
      modified: string | null;
      /** Format: uuid */
      post_id: string;
      text: {
        rows: string[];
      };
      user: {
        avatar: string | null;
        /** @description Only for admins */
        email: string | null;
        first_name: string;
        full_name: string;
        last_name: string;
        type: number;
        /** Format: uuid */
        uuid: string;
      };
      /** Format: uuid */
      user_uuid: string;
      /** Format: uuid */
      uuid: string;
    };
    FeedCommentInput: {
      /**
       * @description A string (split into rows at line breaks), a list of rows, or {"rows": [...]}; at most 4000 characters
       * @example {
       *   "rows": [
       *     "Fresh apple pie today.",
       *     "",
       *     "#cake #tuesday"
       *   ]
       * }
       */
      text: string | string[] | {
        rows: string[];
      };
    };
    FeedCommentPage: {
      data: components["schemas"]["FeedComment"][];
      pagination: {
        has_more: boolean;
        next: string | null;
        /** @description Pass as `after` for the next page */
        next_cursor: string | null;
        size: number;
      };
    };
    FeedFile: {
      /** @description As sniffed from the bytes */
      content_type: string;
      name: string;
      path: string;
      size: number;
      /** Format: uuid */
      uuid: string;
    };
    FeedImage: {
      height: number;
      name: string;
      /** @description The large JPG (at most 1600 px) */
      path: string;
      /** @description Bytes of the large JPG */
      size: number;
      /** @description The JPG at most 320, 800 and 1600 px on its longest side */
      sizes: {
        large: string;
        medium: string;
        small: string;
      };
      /** Format: uuid */
      uuid: string;
      width: number;
    };
    FeedLikeState: {
      is_liked_by_user: boolean;
      likes_count: number;
    };
    /** @description Null until the worker fetched it */
    FeedLinkPreview: ({
      description: string | null;
      /** @description The page's image address (https), not fetched by us */
      image: string | null;
      site_name: string | null;
      title: string | null;
      url: string;
    }) | null;
    FeedModeration: {
      /** @enum {string} */
      action: "hide" | "unhide" | "remove";
      reason?: string;
    };
    FeedPost: {
      /** @enum {string} */
      audience: "everyone" | "cardholders" | "private";
      /** @description The viewer wrote it */
      can_edit: boolean;
      comments_count: number;
      /** Format: date-time */
      created: string;
      files: components["schemas"]["FeedFile"][];
      images: components["schemas"]["FeedImage"][];
      is_liked_by_user: boolean;
      is_modified: boolean;
      is_private: boolean;
      likes_count: number;
      link: string | null;
      link_preview: components["schemas"]["FeedLinkPreview"];
      /** @description Why an admin hid or removed the post (for its author's eyes) */
      moderation: {
        /** Format: date-time */
        at: string;
        reason: string;
      } | null;
      /** Format: date-time */
      modified: string | null;
      program: ({
        description: string;
        image: string | null;
        title: string;
        type: number;
        /** Format: uuid */
        uuid: string;
      }) | null;
      /** Format: uuid */
      program_uuid: string | null;
      /**
       * @description hidden or removed by an admin: only its author (with the reason) and admins see it
       * @enum {string}
       */
      status: "published" | "hidden" | "removed";
      tags: string[];
      text: {
        rows: string[];
      };
      title: string;
      /** @description The readable address: /posts/{url} */
      url: string;
      user: components["schemas"]["FeedAuthor"];
      /** Format: uuid */
      user_uuid: string;
      /** Format: uuid */
      uuid: string;
      videos: components["schemas"]["FeedVideo"][];
    };
    FeedPostInput: {
      /**
       * @description everyone (guests too), cardholders (members of the program), private (author and admins)
       * @enum {string}
       */
      audience?: "everyone" | "cardholders" | "private";
      /**
       * @description Uuids of files uploaded with POST feed/files, in order
       * @default []
       */
      files?: string[];
      /**
       * @description Uuids of images uploaded with POST feed/upload, in order
       * @default []
       */
      images?: string[];
      /** @description The specification’s flag: true is audience private */
      is_private?: boolean;
      /** @description A web address, forced to https (`example.com` → `https://example.com/`) */
      link?: string | null;
      /**
       * Format: uuid
       * @description The post's program: the author's own (owner), one they take part in (acceptor), any (admin). Required for the cardholders audience
       */
      program_uuid?: string | null;
      /**
       * @description Tags besides the hashtags of the text (with or without #)
       * @default []
       */
      tags?: string[];
      /**
       * @description A string (split into rows at line breaks), a list of rows, or {"rows": [...]}; at most 10000 characters
       * @example {
       *   "rows": [
       *     "Fresh apple pie today.",
       *     "",
       *     "#cake #tuesday"
       *   ]
       * }
       */
      text: string | string[] | {
        rows: string[];
      };
      /**
       * @description Line breaks become spaces
       * @example Apple pie Tuesday
       */
      title: string;
      /**
       * @description YouTube or Vimeo addresses (full urls), in order
       * @default []
       */
      videos?: string[];
    };
    FeedPostPage: {
      data: components["schemas"]["FeedPost"][];
      pagination: {
        has_more: boolean;
        /** @description Link to the next page, null on the last */
        next: string | null;
        /** @description Pass as `before` for the next page */
        next_cursor: string | null;
        size: number;
      };
    };
    FeedPostPatch: {
      /**
       * @description everyone (guests too), cardholders (members of the program), private (author and admins)
       * @enum {string}
       */
      audience?: "everyone" | "cardholders" | "private";
      /** @description Uuids of files uploaded with POST feed/files, in order */
      files?: string[];
      /** @description Uuids of images uploaded with POST feed/upload, in order */
      images?: string[];
      /** @description The specification’s flag: true is audience private */
      is_private?: boolean;
      /** @description A web address, forced to https (`example.com` → `https://example.com/`) */
      link?: string | null;
      /**
       * Format: uuid
       * @description The post's program: the author's own (owner), one they take part in (acceptor), any (admin). Required for the cardholders audience
       */
      program_uuid?: string | null;
      /** @description Tags besides the hashtags of the text (with or without #) */
      tags?: string[];
      /**
       * @description A string (split into rows at line breaks), a list of rows, or {"rows": [...]}; at most 10000 characters
       * @example {
       *   "rows": [
       *     "Fresh apple pie today.",
       *     "",
       *     "#cake #tuesday"
       *   ]
       * }
       */
      text?: string | string[] | {
        rows: string[];
      };
      /**
       * @description Line breaks become spaces
       * @example Apple pie Tuesday
       */
      title?: string;
      /** @description YouTube or Vimeo addresses (full urls), in order */
      videos?: string[];
    };
    FeedStatistics: {
      results: {
          comments: number;
          date: string;
          likes: number;
          posts: number;
        }[];
    };
    FeedUpload: {
      content_type: string;
      name: string;
      path: string;
      size: number;
      /** Format: uuid */
      uuid: string;
    };
    FeedVideo: {
      /** @description The video's page */
      full_url: string;
      thumbnail_url: string | null;
      /** @enum {string} */
      type: "youtube" | "vimeo";
      /** @description The player to embed (load it only when the viewer clicks) */
      url: string;
      /** Format: uuid */
      uuid: string;
    };
    /**
     * @description What is wrong with one field (`field_codes`), with its numbers in `params`. By module:
     * - platform: `required`, `too_short`, `too_long`, `too_few`, `too_many`, `too_small`, `too_big`, `not_multiple_of`, `invalid_type`, `invalid_format`, `invalid_choice`, `unknown_field`, `invalid`, `invalid_date`, `nul_character`, `bad_encoding`
     * - identity: `passwords_do_not_match`, `email_already_registered`, `cardholder_already_registered`, `link_expired`, `wrong_confirmation_code`, `unsupported_country`, `country_supported`, `wrong_password`, `not_for_account_type`, `invalid_phone`, `invalid_phone_code`, `implausible_birth_date`, `image_too_large`, `image_not_jpg_png`
     * - reference: `unknown_country`, `unknown_state`, `unknown_continent`, `state_not_of_country`
     * - payments: `invalid_card_number`, `invalid_expiry`, `invalid_cvc`, `unknown_bank`, `invalid_splits`, `refund_too_large`, `sandbox_not_in_production`, `key_refused`, `not_sandbox_key`, `no_live_mode`, `key_prefix`, `stripe_key_prefix`, `wrong_mode_key`, `webhook_secret_prefix`, `key_not_allowed`, `payment_method_is_not_supported`, `not_program_currency`
     * - webhooks: `invalid_url`, `not_http`, `url_has_credentials`, `private_address`, `host_not_found`, `not_an_object`, `invalid_secret`
     * - programs: `invite_already_sent`, `already_acceptor`, `duplicate_title`, `unknown_method`, `method_listed_twice`, `unknown_provider`, `provider_cannot_take_method`, `provider_required`, `no_provider_for_method`, `unknown_currency`, `image_too_large`, `image_not_jpg_png`, `image_unreadable`
     * - cards: `not_program_currency`, `voucher_value_zero`, `image_unknown`, `date_in_past`, `before_start_date`, `ends_before_start`, `above_balance`, `nothing_left`, `choose_program`, `not_card_token`
     * - credit: `not_card_holder`, `due_before_issue`, `date_in_past`, `window_invalid`, `vat_rate_unknown`, `penalty_currency`, `image_unknown`
     * - terminal: `unknown_cashpoint`, `not_input_field`, `given_twice`, `invalid_amount`, `not_program_currency`, `already_used`, `unknown_category`, `not_field_of_category`, `choose_field`, `invalid_token`, `before_from`, `period_too_long`, `invalid_time_zone`
     * - food: `invalid_time_format`, `invalid_time_range`, `date_already_exists`, `day_already_exists`, `keyword_already_exists`, `duplicate_keywords`, `fill_in_all_fields`, `zip_code_not_found`, `zip_code_already_exists`, `cost_separator_at_edge`, `invalid_cost`, `invalid_number`, `range_start_not_below_end`, `range_overlaps_previous`, `delivery_range_required`, `invalid_domain_name`, `domain_already_used`, `unknown_time_zone`, `image_too_large`, `image_not_jpg_png`, `image_unreadable`, `image_unknown`, `logo_not_png`, `logo_too_small`, `pdf_required`, `pdf_too_large`, `document_unknown`, `category_unknown`, `product_unknown`, `option_unknown`
     * - food-court: `fee_percent_range`, `only_one_fee_field`, `invalid_fee`
     * - feed: `link_not_http`, `link_invalid`, `link_has_credentials`, `invalid_tag`, `video_not_recognised`, `unknown_upload`, `program_required`, `program_not_active`, `file_too_large`, `file_type_not_allowed`, `image_too_large`, `image_not_jpg_png`, `image_unreadable`
     * @enum {string}
     */
    FieldErrorCode: "above_balance" | "already_acceptor" | "already_used" | "bad_encoding" | "before_from" | "before_start_date" | "cardholder_already_registered" | "category_unknown" | "choose_field" | "choose_program" | "cost_separator_at_edge" | "country_supported" | "date_already_exists" | "date_in_past" | "day_already_exists" | "delivery_range_required" | "document_unknown" | "domain_already_used" | "due_before_issue" | "duplicate_keywords" | "duplicate_title" | "email_already_registered" | "ends_before_start" | "fee_percent_range" | "file_too_large" | "file_type_not_allowed" | "fill_in_all_fields" | "given_twice" | "host_not_found" | "image_not_jpg_png" | "image_too_large" | "image_unknown" | "image_unreadable" | "implausible_birth_date" | "invalid" | "invalid_amount" | "invalid_card_number" | "invalid_choice" | "invalid_cost" | "invalid_cvc" | "invalid_date" | "invalid_domain_name" | "invalid_expiry" | "invalid_fee" | "invalid_format" | "invalid_number" | "invalid_phone" | "invalid_phone_code" | "invalid_secret" | "invalid_splits" | "invalid_tag" | "invalid_time_format" | "invalid_time_range" | "invalid_time_zone" | "invalid_token" | "invalid_type" | "invalid_url" | "invite_already_sent" | "key_not_allowed" | "key_prefix" | "key_refused" | "keyword_already_exists" | "link_expired" | "link_has_credentials" | "link_invalid" | "link_not_http" | "logo_not_png" | "logo_too_small" | "method_listed_twice" | "no_live_mode" | "no_provider_for_method" | "not_an_object" | "not_card_holder" | "not_card_token" | "not_field_of_category" | "not_for_account_type" | "not_http" | "not_input_field" | "not_multiple_of" | "not_program_currency" | "not_sandbox_key" | "nothing_left" | "nul_character" | "only_one_fee_field" | "option_unknown" | "passwords_do_not_match" | "payment_method_is_not_supported" | "pdf_required" | "pdf_too_large" | "penalty_currency" | "period_too_long" | "private_address" | "product_unknown" | "program_not_active" | "program_required" | "provider_cannot_take_method" | "provider_required" | "range_overlaps_previous" | "range_start_not_below_end" | "refund_too_large" | "required" | "sandbox_not_in_production" | "state_not_of_country" | "stripe_key_prefix" | "too_big" | "too_few" | "too_long" | "too_many" | "too_short" | "too_small" | "unknown_bank" | "unknown_cashpoint" | "unknown_category" | "unknown_continent" | "unknown_country" | "unknown_currency" | "unknown_field" | "unknown_method" | "unknown_provider" | "unknown_state" | "unknown_time_zone" | "unknown_upload" | "unsupported_country" | "url_has_credentials" | "vat_rate_unknown" | "video_not_recognised" | "voucher_value_zero" | "webhook_secret_prefix" | "window_invalid" | "wrong_confirmation_code" | "wrong_mode_key" | "wrong_password" | "zip_code_already_exists" | "zip_code_not_found";
    FieldIssue: {
      code: components["schemas"]["FieldErrorCode"];
      params?: {
        [key: string]: string | number;
      };
    };
    FoodAnnouncement: {
      announcement: string;
      /** Format: date-time */
      created: string;
      /** Format: date-time */
      updated: string;
      /** Format: uuid */
      uuid: string;
    };
    FoodBasket: {
      restaurants: ({
          details: {
            address: string;
            can_pickup_in_rest: boolean;
            closed: boolean;
            closed_at: string | null;
            closed_message: string | null;
            currency: string;
            min_order_amount: number;
            /**
             * Format: date-time
             * @description When it opens next (closed now, within a week)
             */
            next_opening: string | null;
            pickup_fee: number | null;
            pickup_fee_heading: string;
            privacy_pdf_url: string | null;
            tc_pdf_url: string | null;
            /** @description The restaurant’s time zone (IANA) */
            time_zone: string;
            title: string;
            /** Format: uuid */
            uuid: string;
          };
          order: {
            can_order: boolean;
            delivery: number | null;
            pickup_fee: number;
            products: number;
            /** @description Why not (a refusal reason), for the web to word */
            refusal: string | null;
            total: number;
            vat: number;
          };
          products: ({
              /** Format: uuid */
              line_id: string;
              /** @description unit_price × quantity */
              price: number;
              product_extras: {
                  /** @enum {boolean} */
                  checked: true;
                  title: string;
                  /** Format: uuid */
                  uuid: string;
                }[];
              /** Format: uuid */
              product_id: string;
              product_variant: {
                title: string;
                /** Format: uuid */
                uuid: string;
              } | null;
              quantity: number;
              title: string;
              /** @description Product + variant + extras, from the menu now */
              unit_price: number;
            })[];
        })[];
      session: {
        pickup_in_restaurant: boolean;
        /** Format: uuid */
        uuid: string;
      };
    };
    FoodBrand: components["schemas"]["FoodBranding"] & {
      restaurant: {
        description: string;
        image: components["schemas"]["FoodImage"];
        path: string;
        title: string;
        /** Format: uuid */
        uuid: string;
      };
    };
    FoodBranding: {
      app_logo: components["schemas"]["FoodImage"];
      disable_card: boolean;
      disable_credit: boolean;
      disable_food: boolean;
      disable_food_court: boolean;
      disable_payment: boolean;
      domain_name: string | null;
      favicon_logo: components["schemas"]["FoodImage"];
      google_analytics_id: string;
      /** Format: uuid */
      program_uuid: string;
      seo_description: string;
      /** @description Comma list */
      seo_keywords: string;
      seo_language: string;
      seo_title: string;
      theme: components["schemas"]["FoodTheme"];
    };
    FoodCategory: {
      position: number;
      products_count: number;
      title: string;
      /** Format: uuid */
      uuid: string;
    };
    FoodCounterOrderInput: {
      comment?: string;
      /** @default false */
      eat_in?: boolean;
      /** @enum {string} */
      language?: "nl" | "en" | "de" | "ru" | "uk";
      lines: ({
          extra_uuids?: string[];
          /** Format: uuid */
          product_id: string;
          quantity: number;
          /** Format: uuid */
          variant_uuid?: string | null;
        })[];
      name?: string;
      /** @enum {string} */
      payment: "terminal" | "cash";
    };
    FoodCourt: {
      address: string;
      can_pickup_in_rest: boolean;
      currency: string;
      description: string;
      domain_name: string | null;
      external_reference: string;
      /** @description Court minimum (minor units) */
      food_court_min_order_amount: number;
      has_super_merchant_password: boolean;
      /** @description Image uuid */
      image: string | null;
      image_url: string | null;
      payout_after_days: number;
      phone: string;
      /** @description Payment provider of the splits: sandbox, ccv, stripe */
      provider: string;
      /** @description Active invitations */
      restaurants_count: number;
      /** @description Active invitations whose onboarding is not complete: hidden from the cart (a note for the owner) */
      restaurants_not_onboarded: number;
      /** @description Minor units */
      split_payment_fee_fixed: number | null;
      /** @description Percent, e.g. 2.5 */
      split_payment_fee_percent: number | null;
      /** @description Program status (11001 active, 11002–11004 draft steps, …) */
      status: number;
      super_merchant_username: string;
      time_zone: string;
      title: string;
      /** Format: uuid */
      uuid: string;
    };
    FoodCourtCart: {
      can_order: boolean;
      /** Format: uuid */
      court_uuid: string;
      currency: string;
      food_court_min_order_amount: number;
      /** @description Basket lines of restaurants not (or no longer) in this court: left out of the cart and checkout */
      lines_elsewhere: number;
      products_total: number;
      /** @description Why the cart cannot be checked out: basket_is_empty, a restaurant's refusal, or min_order_amount (the court's) */
      reason: string | null;
      restaurants: ({
          details: {
            address: string;
            can_pickup_in_rest: boolean;
            closed: boolean;
            closed_at: string | null;
            closed_message: string | null;
            closed_reason: string | null;
            currency: string;
            default_asap: boolean;
            food_court_min_order_amount: number;
            min_order_amount: number;
            pickup_fee: number | null;
            pickup_fee_heading: string;
            privacy_pdf_url: string | null;
            tc_pdf_url: string | null;
            title: string;
            /** Format: uuid */
            uuid: string;
          };
          order: {
            can_order: boolean;
            delivery: number | null;
            pickup_fee: number;
            /** @description Products total */
            products: number;
            /** @description Why not, an error reason to word (min_order_amount, closed_now, outside_delivery_area, …) */
            refusal: string | null;
            restaurant_available: boolean;
            total: number;
            vat: number;
          };
          products: ({
              /** Format: uuid */
              line_id: string;
              price: number;
              product_extras: {
                  /** @enum {boolean} */
                  checked: true;
                  price: number;
                  title: string;
                  /** Format: uuid */
                  uuid: string;
                }[];
              /** Format: uuid */
              product_id: string;
              product_variant: {
                price: number;
                title: string;
                /** Format: uuid */
                uuid: string;
              } | null;
              quantity: number;
              title: string;
              unit_price: number;
              vat_code: string;
            })[];
        })[];
      /** Format: uuid */
      session: string;
      total: number;
    };
    FoodCourtChange: {
      /** @description Required unless pickup in the restaurants is allowed */
      address?: string;
      can_pickup_in_rest?: boolean;
      /** @description Default EUR; fixed once the program is active */
      currency?: string;
      description?: string;
      /** @description The court’s guest pages answer on this host; unique among courts and restaurants */
      domain_name?: string | null;
      external_reference?: string;
      /** @description The court’s minimum for the whole cart (minor units), besides each restaurant’s own */
      food_court_min_order_amount?: number;
      /** @description An image uploaded with POST food/programs/images (required for a new court) */
      image?: string | null;
      /** @description Fallback: a part not delivered is paid out this many days after payment (default 7) */
      payout_after_days?: number;
      phone?: string;
      /** @description Court fee per order, minor units (250) or as typed ("2,50"); only one of percent and fixed */
      split_payment_fee_fixed?: number | string | null;
      /** @description Court fee in percent, 0–100, up to 2 decimals (`2.5`, "2,5"); only one of percent and fixed */
      split_payment_fee_percent?: number | string | null;
      /** @description Write only; never answered */
      super_merchant_password?: string;
      /** @description The court’s account at the payment provider (the super merchant) */
      super_merchant_username?: string;
      /** @description IANA zone, default Europe/Amsterdam */
      time_zone?: string;
      title?: string;
    };
    FoodCourtCheckout: {
      accept_privacy: boolean;
      accept_terms: boolean;
      comment?: string;
      /**
       * Format: uuid
       * @description The food court (program type 5001)
       */
      court_uuid: string;
      /** @default true */
      delivery_asap?: boolean;
      /** Format: email */
      email: string;
      /** @enum {string} */
      language?: "nl" | "en" | "de" | "ru" | "uk";
      name: string;
      payment_method: string;
      phone: string;
      pickup_in_restaurant?: boolean;
    };
    FoodCourtDailyTotal: {
      /** @description Delivery costs and pickup fees */
      fees_total: number;
      food_court_fee: number;
      order_date: string;
      orders_count: number;
      /** @description What guests paid */
      overall: number;
      /** @description Paid out to restaurants */
      payouts: number;
      products_total: number;
      refunds: number;
      /** @description overall − refunds */
      revenue: number;
    };
    FoodCourtGuest: {
      address: string;
      can_pickup_in_rest: boolean;
      currency: string;
      description: string;
      domain_name: string | null;
      food_court_min_order_amount: number;
      image_url: string | null;
      restaurants: components["schemas"]["FoodCourtRestaurant"][];
      title: string;
      /** Format: uuid */
      uuid: string;
    };
    FoodCourtInput: {
      /** @description Required unless pickup in the restaurants is allowed */
      address?: string;
      can_pickup_in_rest?: boolean;
      /** @description Default EUR; fixed once the program is active */
      currency?: string;
      description: string;
      /** @description The court’s guest pages answer on this host; unique among courts and restaurants */
      domain_name?: string | null;
      external_reference?: string;
      /** @description The court’s minimum for the whole cart (minor units), besides each restaurant’s own */
      food_court_min_order_amount?: number;
      /** @description An image uploaded with POST food/programs/images (required for a new court) */
      image?: string | null;
      /** @description Fallback: a part not delivered is paid out this many days after payment (default 7) */
      payout_after_days?: number;
      phone?: string;
      /** @description Court fee per order, minor units (250) or as typed ("2,50"); only one of percent and fixed */
      split_payment_fee_fixed?: number | string | null;
      /** @description Court fee in percent, 0–100, up to 2 decimals (`2.5`, "2,5"); only one of percent and fixed */
      split_payment_fee_percent?: number | string | null;
      /** @description Write only; never answered */
      super_merchant_password?: string;
      /** @description The court’s account at the payment provider (the super merchant) */
      super_merchant_username?: string;
      /** @description IANA zone, default Europe/Amsterdam */
      time_zone?: string;
      title: string;
    };
    FoodCourtInvitation: {
      /**
       * @description The restaurant’s merchant onboarding at the provider (`ccvpay_status`)
       * @enum {string}
       */
      ccvpay_status: "none" | "pending" | "active" | "failed";
      ccvpay_url: string | null;
      court: {
        address: string;
        currency: string;
        description: string;
        domain_name: string | null;
        food_court_min_order_amount: number;
        image_url: string | null;
        owner_name: string;
        payout_after_days: number;
        split_payment_fee_fixed: number | null;
        split_payment_fee_percent: number | null;
        title: string;
        /** Format: uuid */
        uuid: string;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: uuid */
      invite_uuid: string;
      is_split_payments_enabled: boolean;
      restaurant_title: string;
      /** Format: uuid */
      restaurant_uuid: string;
      /** @description 0 unsent, 1 pending, 2 active, 3 declined */
      status: 0 | 1 | 2 | 3;
      /** Format: date-time */
      updated_at: string;
    };
    FoodCourtInvite: {
      address: string;
      /**
       * @description The restaurant’s merchant onboarding at the provider (`ccvpay_status`)
       * @enum {string}
       */
      ccvpay_status: "none" | "pending" | "active" | "failed";
      /** @description Where the restaurant finishes onboarding while pending */
      ccvpay_url: string | null;
      /** @description The restaurant’s own domain */
      domain_name: string | null;
      image_url: string | null;
      /**
       * Format: uuid
       * @description null: never invited (status 0 in the all list)
       */
      invite_uuid: string | null;
      /** @description Active and onboarded: shown to guests, paid out */
      is_split_payments_enabled: boolean;
      owner_email: string;
      /**
       * Format: uuid
       * @description The restaurant
       */
      program_uuid: string;
      /** @description 0 unsent, 1 pending, 2 active, 3 declined */
      status: 0 | 1 | 2 | 3;
      title: string;
      /** Format: date-time */
      updated_at: string | null;
    };
    FoodCourtInviteCounts: {
      active: number;
      declined: number;
      pending: number;
    };
    FoodCourtItem: {
      currency: string;
      domain_name: string | null;
      image_url: string | null;
      /** @description Active invitations */
      restaurants_count: number;
      /** @description Program status (11001 active, 11002–11004 draft steps, …) */
      status: number;
      title: string;
      /** Format: uuid */
      uuid: string;
    };
    FoodCourtOnboarding: {
      /**
       * @description The restaurant’s merchant onboarding at the provider (`ccvpay_status`)
       * @enum {string}
       */
      ccvpay_status: "none" | "pending" | "active" | "failed";
      /** @description Redirect the restaurant here (step 3) while pending */
      ccvpay_url: string | null;
      /** Format: uuid */
      invite_uuid: string;
      is_split_payments_enabled: boolean;
      /** @description 0 unsent, 1 pending, 2 active, 3 declined */
      status: 0 | 1 | 2 | 3;
      /** @description Accept flow: 2 processing, 3 success (go to ccvpay_url, or done when active), 4 failure (the invitation was reset to pending: retry) */
      step: 2 | 3 | 4;
    };
    FoodCourtOrder: {
      court_title: string;
      /** Format: uuid */
      court_uuid: string;
      /** Format: date-time */
      created: string;
      currency: string;
      email: string;
      food_court_fee: number;
      food_court_suborders: components["schemas"]["FoodCourtSubOrder"][];
      name: string;
      order_date: string;
      order_id: number;
      /** @description Follows the sub-orders: the lowest status of those not refunded (docs/food-court.md) */
      order_status: number;
      /** Format: date-time */
      paid_at: string | null;
      /** Format: uuid */
      payment_uuid: string | null;
      phone: string;
      pickup_in_restaurant: boolean;
      refunded: number;
      status_name: string;
      /** @description The one charge */
      total: number;
      /** Format: uuid */
      uuid: string;
    };
    FoodCourtPaymentOutcome: {
      next: string;
      order_status: number;
      /** Format: uuid */
      order_uuid: string;
      /** @enum {string} */
      outcome: "paid" | "pending" | "failed";
      payment_status: string | null;
    };
    FoodCourtRestaurant: {
      address: string;
      can_pickup_in_rest: boolean;
      closed: boolean;
      closed_at: string | null;
      closed_reason: string | null;
      currency: string;
      image_url: string | null;
      min_order_amount: number;
      opened_at: string | null;
      /** @description The restaurant’s menu page: /food/place/{uuid} */
      path: string;
      title: string;
      /** Format: uuid */
      uuid: string;
    };
    FoodCourtRestaurantPart: components["schemas"]["FoodCourtSubOrder"] & {
      /** @description Whether the restaurant may reject its part now (held; paid, cooking or on its way) */
      can_reject: boolean;
      /** Format: uuid */
      court_order_uuid: string;
      court_title: string;
      /** Format: uuid */
      court_uuid: string;
      currency: string;
    };
    FoodCourtStatement: {
      /** Format: uuid */
      court_uuid: string | null;
      currency: string;
      end_date: string;
      ledger: {
        /** @description statement − ledger; 0 when reconciled */
        difference: number;
        /** @description Balance of the restaurant’s 230 sub-account from these orders */
        held: number;
        /** @description Σ of the payout entries in the ledger (230 → 120) */
        payouts: number;
        reconciled: boolean;
      };
      lines: ({
          /** @description Signed: + owed to the restaurant, − taken or paid out */
          amount: number;
          court_order_id: number;
          /** Format: uuid */
          court_order_uuid: string;
          /** @description Business day (the restaurant’s zone) */
          date: string;
          /** @enum {string} */
          kind: "order" | "food_court_fee" | "refund" | "payout";
          /** @description The ledger entry this line is tied to (null while not posted yet) */
          ledger_entry: ({
            number: string | null;
            source: string;
            /** Format: uuid */
            uuid: string;
          }) | null;
          sub_order_id: number;
          /** Format: uuid */
          sub_order_uuid: string;
        })[];
      restaurant_title: string;
      /** Format: uuid */
      restaurant_uuid: string;
      start_date: string;
      totals: {
        food_court_fees: number;
        /** @description orders − fees − refunds − payouts: still to be paid out */
        held: number;
        orders: number;
        payouts: number;
        refunds: number;
      };
    };
    FoodCourtSubOrder: {
      delivery_cost: number;
      /** @description The court fee taken from this part */
      food_court_fee: number;
      items: {
          /** @description product, or a fee line: delivery, pickup_fee (name it in the reader’s words) */
          kind: string;
          price: number;
          quantity: number;
          title: string;
        }[];
      order_id: number;
      order_status: number;
      /** Format: date-time */
      paid_out_at: string | null;
      /** @enum {string} */
      part_status: "created" | "held" | "releasing" | "paid_out" | "refunding" | "refunded" | "failed";
      /** @description What the restaurant receives: total − fee */
      payout_amount: number;
      products_total: number;
      /** Format: date-time */
      refunded_at: string | null;
      /** @description The restaurant rejected its part: refunded to the guest (part_status refunding or refunded), off its kitchen board */
      rejected: boolean;
      restaurant_title: string;
      /** Format: uuid */
      restaurant_uuid: string;
      status_name: string;
      /** @description Gross of this restaurant (what the guest paid for it) */
      total: number;
      /**
       * Format: uuid
       * @description The sub-order: a food order of the restaurant
       */
      uuid: string;
    };
    FoodDocumentUri: {
      uri: string;
    };
    FoodGuestProduct: {
      can_order: boolean;
      /** Format: uuid */
      category_uuid: string;
      currency: string;
      description: string;
      extras: components["schemas"]["FoodProductOption"][];
      image: components["schemas"]["FoodImage"];
      is_active: boolean;
      keywords: string[];
      notes: string;
      nutrition_facts: string;
      price: number;
      quantity: number;
      restaurant: {
        /** @description Guests cannot order now (outside hours, read-only, ordering off) */
        closed: boolean;
        /** @description Today's closing, 'HH:MM' local (earlier: after midnight) */
        closed_at: string | null;
        /** @description The owner’s own words when ordering is off */
        closed_message: string | null;
        /**
         * @description Why, for the web to word
         * @enum {string|null}
         */
        closed_reason: "closed_now" | "closed_today" | "read_only" | "ordering_disabled" | null;
        /** @description Monday 1 … Sunday 7, in the restaurant’s zone */
        current_day_of_week: number;
        /** Format: date-time */
        next_opening: string | null;
        /** @description Today's opening (or the open period's), 'HH:MM' local */
        opened_at: string | null;
        title: string;
        /** Format: uuid */
        uuid: string;
      };
      restaurant_closed: boolean;
      title: string;
      unit: string;
      /** Format: uuid */
      uuid: string;
      variants: components["schemas"]["FoodProductOption"][];
    };
    FoodImage: {
      height: number;
      /** @description WebP candidates for `srcset` (160w … 960w); empty for logos */
      srcset: string;
      /** @description JPG (logos: PNG) candidates for `srcset` */
      srcset_fallback: string;
      /** @description A JPG (logos: PNG) about 640 px wide, for `src` */
      url: string;
      /** Format: uuid */
      uuid: string;
      /** @description Width of the original, px */
      width: number;
    } | null;
    FoodMenuProduct: {
      /** Format: uuid */
      category_uuid: string;
      description: string;
      has_options: boolean;
      image: components["schemas"]["FoodThumbnail"];
      keywords: string[];
      price: number;
      quantity: number;
      title: string;
      unit: string;
      /** Format: uuid */
      uuid: string;
    };
    FoodOrder: {
      address: string | null;
      charge: number | null;
      comments: string;
      created: string;
      currency: string;
      delivery_asap: boolean;
      delivery_cost: number;
      /** @description A counter order eaten in the restaurant */
      eat_in: boolean;
      email: string;
      items: ({
          extras: string[];
          quantity: number;
          title: string;
          variant: string | null;
        })[];
      kitchen_status: string | null;
      name: string;
      order_date: string;
      order_id: number;
      order_status: number;
      payout: number | null;
      phone: string;
      pickup_fee: number;
      pickup_in_restaurant: boolean;
      products_total: number;
      /** @description When the restaurant rejected this food court sub-order and its part was refunded (it left the active view), else null */
      rejected_at: string | null;
      requested_time: string | null;
      /**
       * @description counter: taken by staff at the counter
       * @enum {string}
       */
      source: "online" | "counter";
      status_name: string;
      /** @description The restaurant’s IANA time zone: show `created` and `requested_time` on its clock */
      time_zone: string;
      total: number;
      /** @enum {string} */
      type: "delivery" | "pickup";
      /** Format: uuid */
      uuid: string;
      vat: number;
    };
    FoodOrderDetail: components["schemas"]["FoodOrder"] & ({
      history: ({
          actor: string;
          created: string;
          from_status: number | null;
          to_status: number;
          user_uuid: string | null;
        })[];
      items_detail: ({
          extras: {
              price: number;
              title: string;
              uuid: string;
            }[];
          kind: string;
          price: number;
          product: string | null;
          quantity: number;
          title: string;
          total: number;
          variant: {
            price: number;
            title: string;
            uuid: string;
          } | null;
          vat: number;
          vat_code: string;
          vat_percentage: number | null;
        })[];
      paid_at: string | null;
      payment_method: string;
      /** @description The restaurant’s own name for the pickup fee when the order was placed ("Verpakking"); empty: word it generically */
      pickup_fee_heading: string;
      /** Format: uuid */
      program_uuid: string;
      transactions: ({
          amount: number;
          created: string;
          currency: string;
          description: string;
          method: string | null;
          paid_at: string | null;
          reference: string;
          refunded_amount: number;
          transaction_status: string;
          uuid: string;
        })[];
    });
    FoodProduct: {
      /** Format: uuid */
      category_uuid: string;
      currency: string;
      description: string;
      extras: components["schemas"]["FoodProductOption"][];
      image: components["schemas"]["FoodImage"];
      is_active: boolean;
      keywords: string[];
      notes: string;
      nutrition_facts: string;
      position: number;
      /** @description Price, minor units */
      price: number;
      quantity: number;
      title: string;
      /** @enum {string} */
      unit: "gram" | "kilogram" | "liter" | "milliliter" | "piece";
      /** Format: uuid */
      uuid: string;
      variants: components["schemas"]["FoodProductOption"][];
      /** @enum {string} */
      vat_code: "high" | "low" | "zero" | "exempt";
    };
    FoodProductInput: {
      category_uuid?: string;
      description?: string;
      /** @description As variants */
      extras?: ({
          /** @description Minor units (250), or as typed ('2,50', '2.5'): not starting or ending with . or , */
          price?: number | string | null;
          quantity?: number | null;
          title?: string | null;
          unit?: string | null;
          /**
           * Format: uuid
           * @description Keeps an existing row (a basket refers to it); without: a new row
           */
          uuid?: string | null;
        })[];
      /** @description An image uploaded with POST food/products/images */
      image?: string;
      is_active?: boolean;
      /** @description No keyword twice (any case) */
      keywords?: string[];
      notes?: string;
      nutrition_facts?: string;
      position?: number;
      /** @description Minor units (950) or as typed ('9,50') */
      price?: number | string | null;
      /** @description What a portion holds, in `unit` (up to 3 decimals) */
      quantity?: number;
      title?: string;
      /** @description gram, kilogram, liter, milliliter or piece */
      unit?: string;
      /** @description Rows of title, quantity, unit and price: all or none (`fill_in_all_fields`); empty rows are dropped. Replaces the list. */
      variants?: ({
          /** @description Minor units (250), or as typed ('2,50', '2.5'): not starting or ending with . or , */
          price?: number | string | null;
          quantity?: number | null;
          title?: string | null;
          unit?: string | null;
          /**
           * Format: uuid
           * @description Keeps an existing row (a basket refers to it); without: a new row
           */
          uuid?: string | null;
        })[];
      /**
       * @description The VAT rate the dish is sold at (the platform’s codes: high, low, zero, exempt); new products: low
       * @enum {string}
       */
      vat_code?: "high" | "low" | "zero" | "exempt";
    };
    FoodProductOption: {
      /** @description Price, minor units */
      price: number;
      quantity: number;
      title: string;
      /** @enum {string} */
      unit: "gram" | "kilogram" | "liter" | "milliliter" | "piece";
      /** Format: uuid */
      uuid: string;
    };
    FoodProgram: {
      address: string;
      can_pickup_in_rest: boolean;
      currency: string;
      default_asap: boolean;
      delivering_sms_text: string;
      delivery_range_zip_codes: {
          /** @description Delivery cost, minor units */
          cost: number;
          zip_code: string;
        }[];
      delivery_ranges: {
          /** @description Delivery cost, minor units */
          cost: number;
          /** @description km from the restaurant */
          range_end: number;
          /** @description km from the restaurant */
          range_start: number;
        }[];
      description: string;
      disable_online_ordering: boolean;
      image: components["schemas"]["FoodImage"];
      latitude: number | null;
      longitude: number | null;
      /** @description Minimum order, minor units */
      min_order_amount: number;
      /** @description Most open orders at once; null: no limit */
      order_limit: number | null;
      order_limit_message: string;
      phone: string;
      /** @description Pickup fee, minor units */
      pickup_fee: number | null;
      pickup_fee_heading: string;
      privacy_pdf_url: string | null;
      read_only_mode: boolean;
      /** @description Program status 11001–11007 */
      status: number;
      /** @description The wizard step a draft resumes at */
      step: number | null;
      tc_pdf_url: string | null;
      /** @example Europe/Amsterdam */
      time_zone: string;
      title: string;
      /** @description 1 by zip code, 2 by distance */
      type_of_delivery: number;
      /** Format: uuid */
      uuid: string;
      working_hours: components["schemas"]["WorkingHours"][];
      working_hours_exceptions: components["schemas"]["WorkingHoursException"][];
    };
    FoodProgramChange: {
      /** @description Required unless pickup in the restaurant is allowed */
      address?: string;
      can_pickup_in_rest?: boolean;
      /** @description Default EUR; fixed once the program is active */
      currency?: string;
      default_asap?: boolean;
      delivering_sms_text?: string;
      /** @description Rows of a zip code (a Dutch postcode or its four-digit area) and its cost */
      delivery_range_zip_codes?: ({
          /** @description Minor units (250), or as typed ('2,50', '2.5'): not starting or ending with . or , */
          cost?: number | string | null;
          zip_code?: string | null;
        })[];
      delivery_ranges?: ({
          /** @description Minor units (250), or as typed ('2,50', '2.5'): not starting or ending with . or , */
          cost?: number | string | null;
          /** @description km */
          range_end?: number | null;
          /** @description km; default 0 */
          range_start?: number | null;
        })[];
      description?: string;
      disable_online_ordering?: boolean;
      /** @description An image uploaded with POST food/programs/images (required for a new program) */
      image?: string | null;
      latitude?: number | null;
      longitude?: number | null;
      /** @description Minor units */
      min_order_amount?: number;
      /** @description Most open orders at once; null: no limit */
      order_limit?: number | null;
      /** @description What guests read when ordering is off or the limit is reached */
      order_limit_message?: string;
      phone?: string;
      /** @description Minor units (250), or as typed ('2,50', '2.5'): not starting or ending with . or , */
      pickup_fee?: number | string | null;
      pickup_fee_heading?: string;
      /** @description The uri POST food/privacy answered */
      privacy_pdf_url?: string | null;
      read_only_mode?: boolean;
      /** @description The uri POST food/terms-and-conditions answered */
      tc_pdf_url?: string | null;
      /** @description IANA zone, default Europe/Amsterdam */
      time_zone?: string;
      title?: string;
      type_of_delivery?: 1 | 2;
      /** @description Without: Monday to Friday 09:00–17:00 (new restaurants) */
      working_hours?: ({
          /** @description Monday 1 … Sunday 7 */
          day_of_week: number;
          /** @description Default true; days not listed are closed */
          enabled?: boolean;
          /** @description 'HH:MM', hours 0-23, minutes 0-59; a closing time may be '24:00', the end of the day */
          end_time?: string | null;
          /** @description 'HH:MM', hours 0-23, minutes 0-59; a closing time may be '24:00', the end of the day */
          start_time?: string | null;
        })[];
      working_hours_exceptions?: ({
          closed?: boolean;
          /** @example 2026-12-25 */
          date?: string | null;
          /** @description 'HH:MM', hours 0-23, minutes 0-59; a closing time may be '24:00', the end of the day */
          end_time?: string | null;
          /** @description 'HH:MM', hours 0-23, minutes 0-59; a closing time may be '24:00', the end of the day */
          start_time?: string | null;
        })[];
    };
    FoodProgramInput: {
      /** @description Required unless pickup in the restaurant is allowed */
      address?: string;
      can_pickup_in_rest?: boolean;
      /** @description Default EUR; fixed once the program is active */
      currency?: string;
      default_asap?: boolean;
      delivering_sms_text?: string;
      /** @description Rows of a zip code (a Dutch postcode or its four-digit area) and its cost */
      delivery_range_zip_codes?: ({
          /** @description Minor units (250), or as typed ('2,50', '2.5'): not starting or ending with . or , */
          cost?: number | string | null;
          zip_code?: string | null;
        })[];
      delivery_ranges?: ({
          /** @description Minor units (250), or as typed ('2,50', '2.5'): not starting or ending with . or , */
          cost?: number | string | null;
          /** @description km */
          range_end?: number | null;
          /** @description km; default 0 */
          range_start?: number | null;
        })[];
      description: string;
      disable_online_ordering?: boolean;
      /** @description An image uploaded with POST food/programs/images (required for a new program) */
      image?: string | null;
      latitude?: number | null;
      longitude?: number | null;
      /** @description Minor units */
      min_order_amount?: number;
      /** @description Most open orders at once; null: no limit */
      order_limit?: number | null;
      /** @description What guests read when ordering is off or the limit is reached */
      order_limit_message?: string;
      phone?: string;
      /** @description Minor units (250), or as typed ('2,50', '2.5'): not starting or ending with . or , */
      pickup_fee?: number | string | null;
      pickup_fee_heading?: string;
      /** @description The uri POST food/privacy answered */
      privacy_pdf_url?: string | null;
      read_only_mode?: boolean;
      /** @description The uri POST food/terms-and-conditions answered */
      tc_pdf_url?: string | null;
      /** @description IANA zone, default Europe/Amsterdam */
      time_zone?: string;
      title: string;
      type_of_delivery?: 1 | 2;
      /** @description Without: Monday to Friday 09:00–17:00 (new restaurants) */
      working_hours?: ({
          /** @description Monday 1 … Sunday 7 */
          day_of_week: number;
          /** @description Default true; days not listed are closed */
          enabled?: boolean;
          /** @description 'HH:MM', hours 0-23, minutes 0-59; a closing time may be '24:00', the end of the day */
          end_time?: string | null;
          /** @description 'HH:MM', hours 0-23, minutes 0-59; a closing time may be '24:00', the end of the day */
          start_time?: string | null;
        })[];
      working_hours_exceptions?: ({
          closed?: boolean;
          /** @example 2026-12-25 */
          date?: string | null;
          /** @description 'HH:MM', hours 0-23, minutes 0-59; a closing time may be '24:00', the end of the day */
          end_time?: string | null;
          /** @description 'HH:MM', hours 0-23, minutes 0-59; a closing time may be '24:00', the end of the day */
          start_time?: string | null;
        })[];
    };
    FoodProgramItem: {
      address: string;
      /** Format: date-time */
      created: string;
      currency: string;
      description: string;
      image: components["schemas"]["FoodImage"];
      status: number;
      step: number | null;
      title: string;
      /** Format: uuid */
      uuid: string;
    };
    FoodRestaurant: {
      address: string;
      announcements: {
          announcement: string;
          /** Format: uuid */
          uuid: string;
        }[];
      can_pickup_in_rest: boolean;
      categories: {
          products: components["schemas"]["FoodMenuProduct"][];
          products_count: number;
          title: string;
          /** Format: uuid */
          uuid: string;
        }[];
      /** @description Guests cannot order now (outside hours, read-only, ordering off) */
      closed: boolean;
      /** @description Today's closing, 'HH:MM' local (earlier: after midnight) */
      closed_at: string | null;
      /** @description The owner’s own words when ordering is off */
      closed_message: string | null;
      /**
       * @description Why, for the web to word
       * @enum {string|null}
       */
      closed_reason: "closed_now" | "closed_today" | "read_only" | "ordering_disabled" | null;
      currency: string;
      /** @description Monday 1 … Sunday 7, in the restaurant’s zone */
      current_day_of_week: number;
      default_asap: boolean;
      delivery_cost: number | null;
      description: string;
      image: components["schemas"]["FoodImage"];
      latitude: number | null;
      longitude: number | null;
      min_order_amount: number;
      /** Format: date-time */
      next_opening: string | null;
      online_ordering: boolean;
      /** @description Today's opening (or the open period's), 'HH:MM' local */
      opened_at: string | null;
      /** @description The kitchen paused new orders until then (ISO); null when not paused */
      paused_until: string | null;
      phone: string;
      pickup_fee: number | null;
      pickup_fee_heading: string;
      privacy_pdf_url: string | null;
      read_only_mode: boolean;
      tc_pdf_url: string | null;
      time_zone: string;
      title: string;
      today: {
        date: string;
        exception: boolean;
      };
      type_of_delivery: number;
      /** Format: uuid */
      uuid: string;
      working_hours: components["schemas"]["WorkingHours"][];
      working_hours_exceptions: components["schemas"]["WorkingHoursException"][];
    };
    FoodRestaurantListItem: {
      /** @description Guests cannot order now (outside hours, read-only, ordering off) */
      closed: boolean;
      /** @description Today's closing, 'HH:MM' local (earlier: after midnight) */
      closed_at: string | null;
      /** @description The owner’s own words when ordering is off */
      closed_message: string | null;
      /**
       * @description Why, for the web to word
       * @enum {string|null}
       */
      closed_reason: "closed_now" | "closed_today" | "read_only" | "ordering_disabled" | null;
      currency: string;
      /** @description Monday 1 … Sunday 7, in the restaurant’s zone */
      current_day_of_week: number;
      /** @description Minor units; the lowest, null without delivery */
      delivery_cost: number | null;
      image: components["schemas"]["FoodThumbnail"];
      /** Format: date-time */
      next_opening: string | null;
      online_ordering: boolean;
      /** @description Today's opening (or the open period's), 'HH:MM' local */
      opened_at: string | null;
      read_only_mode: boolean;
      /** @description The restaurant’s IANA zone, its hours’ clock */
      time_zone: string;
      title: string;
      /** Format: uuid */
      uuid: string;
    };
    FoodSession: {
      apartment: string | null;
      created: string;
      house_number: string | null;
      lat: number | null;
      lon: number | null;
      pickup_in_restaurant: boolean;
      /** Format: uuid */
      uuid: string;
      zip_code: string | null;
    };
    FoodTheme: {
      /** @example #4d7cfe */
      color: string;
      /** @description The 10 shades 50, 100, 200 … 900 (the colour at 500) */
      colors: string[];
    };
    FoodThumbnail: {
      height: number;
      /** @description WebP candidates up to 640 px (160w, 320w, 640w) */
      srcset: string;
      /** @description A JPG about 320 px wide, for `src` (browsers without WebP) */
      url: string;
      /** Format: uuid */
      uuid: string;
      /** @description Width of the original, px */
      width: number;
    } | null;
    HeldCard: {
      /** Format: date-time */
      activated_at: string | null;
      balance: number;
      card: {
        description: string;
        image_url: string | null;
        /** @enum {string} */
        orientation: "horizontal" | "vertical";
        title: string;
        type: components["schemas"]["CardTypeBrief"];
      };
      currency: string;
      /**
       * Format: date-time
       * @description Null: no end, or (not activated yet) counted from activation
       */
      expires_at: string | null;
      program: {
        title: string;
        /** Format: uuid */
        uuid: string;
      };
      /**
       * @description `issued`: not activated yet (a preview); `used`: nothing left to spend; `blocked` also while its program is blocked
       * @enum {string}
       */
      status: "issued" | "active" | "used" | "blocked" | "expired";
      token: string;
      use_number: number | null;
      uses_left: number | null;
      /** Format: uuid */
      uuid: string;
      value: number;
    };
    HeldCardRedemption: {
      acceptor_name: string;
      /** @description Spent, minor units */
      amount: number;
      cashpoint_title: string;
      /** Format: date-time */
      created: string;
      currency: string;
      /** @description Left on the card when this took its last use, minor units */
      forfeited: number;
      number: number;
      /** @enum {string} */
      status: "completed" | "reversed";
      /** Format: uuid */
      uuid: string;
    };
    HeldCardWithHistory: components["schemas"]["HeldCard"] & {
      /** @description Where the card was spent, newest first (empty for a card not activated yet) */
      redemptions: components["schemas"]["HeldCardRedemption"][];
    };
    InvitationAnswerInput: {
      /** @description The `invite` parameter of the invitation link */
      invite_token?: string;
    };
    InvitationPreview: {
      /**
       * @description The invited address, masked (first and last two characters kept)
       * @example in*************om
       */
      email: string;
      /** Format: date-time */
      invited: string;
      /** @description The program owner’s name (their company for a company) */
      inviter: string;
      program: {
        status: components["schemas"]["Status"];
        title: string;
        type: components["schemas"]["ProgramType"];
        /** Format: uuid */
        uuid: string;
      };
      status: components["schemas"]["Status"];
      /** Format: uuid */
      uuid: string;
    };
    IpLocation: {
      /** @description Null when the data set has no city, or one we do not list */
      city: components["schemas"]["City"] | null;
      country: components["schemas"]["Country"];
      /** @description Null when the data set knows only the country */
      state: components["schemas"]["State"] | null;
    };
    LadderPreviewRow: {
      currency: string;
      local_date: string;
      local_time: string;
      /** @description Why it is not at its nominal moment: window, dst_gap, spacing, catch_up */
      moved: string[];
      order: number;
      pay_by: string | null;
      penalty: number;
      planned_at: string;
      reason: string | null;
      running_total: number;
      /**
       * @description The stored row’s state (a bill’s preview)
       * @enum {string|null}
       */
      status: "planned" | "sending" | "sent" | "skipped" | "failed" | null;
      /** Format: uuid */
      step: string | null;
      title: string;
    };
    LedgerEntry: {
      /** Format: date-time */
      created: string;
      date: string;
      /** @description In English, as posted; read `description_code` with its parameters in the reader’s language */
      description: string;
      /**
       * @description What the description says, as a code (null: an entry posted before codes; show `description`)
       * @example payment.captured
       * @enum {string|null}
       */
      description_code: "payment.captured" | "payment.duplicate_captured" | "payment.fee" | "payment.refunded" | "payment.duplicate_refunded" | "payment.payout" | "card_order.issued" | "card.redeemed" | "card.redemption_reversed" | "entry.reversal" | "credit_bill.issued" | "credit_bill.penalty" | "credit_bill.paid" | "credit_bill.refunded" | "credit_bill.written_off" | "credit_bill.write_off_reversed" | "credit_bill.refund_written_off" | "food_order.paid" | "food_court_part.paid" | "food_court_part.sale_reversed" | "food_court_part.paid_out" | "food_court.part_refunded" | null;
      /**
       * @description The code’s parameters: references, ids, counts, minor units, and a payment’s own description as `{code, params, text}`
       * @example {
       *   "reference": "PAY-001042",
       *   "payment": "0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e1f"
       * }
       */
      description_params: {
        [key: string]: unknown;
      };
      /** @enum {string} */
      journal: "sales" | "purchase" | "bank" | "miscellaneous" | "cards";
      lines: components["schemas"]["LedgerLine"][];
      number: number;
      /** Format: uuid */
      reversal_of: string | null;
      source: {
        id: string;
        kind: string;
      };
      /** Format: uuid */
      uuid: string;
    };
    LedgerEntryDetail: components["schemas"]["LedgerEntry"] & ({
      /**
       * Format: uuid
       * @description The entry that reverses this one, if any
       */
      reversed_by: string | null;
    });
    LedgerJournalEntry: {
      /** Format: date-time */
      created: string;
      date: string;
      /** @description In English, as posted; read `description_code` with its parameters in the reader’s language */
      description: string;
      /**
       * @description What the description says, as a code (null: an entry posted before codes; show `description`)
       * @example payment.captured
       * @enum {string|null}
       */
      description_code: "payment.captured" | "payment.duplicate_captured" | "payment.fee" | "payment.refunded" | "payment.duplicate_refunded" | "payment.payout" | "card_order.issued" | "card.redeemed" | "card.redemption_reversed" | "entry.reversal" | "credit_bill.issued" | "credit_bill.penalty" | "credit_bill.paid" | "credit_bill.refunded" | "credit_bill.written_off" | "credit_bill.write_off_reversed" | "credit_bill.refund_written_off" | "food_order.paid" | "food_court_part.paid" | "food_court_part.sale_reversed" | "food_court_part.paid_out" | "food_court.part_refunded" | null;
      /**
       * @description The code’s parameters: references, ids, counts, minor units, and a payment’s own description as `{code, params, text}`
       * @example {
       *   "reference": "PAY-001042",
       *   "payment": "0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e1f"
       * }
       */
      description_params: {
        [key: string]: unknown;
      };
      /** @enum {string} */
      journal: "sales" | "purchase" | "bank" | "miscellaneous" | "cards";
      number: number;
      /** Format: uuid */
      reversal_of: string | null;
      /**
       * Format: uuid
       * @description The entry that reverses this one, if any
       */
      reversed_by: string | null;
      source: {
        id: string;
        kind: string;
      };
      /** @description Per currency, the entry’s debits (equal to its credits), minor units */
      totals: {
          amount: number;
          currency: string;
        }[];
      /** Format: uuid */
      uuid: string;
    };
    LedgerLine: {
      account: number;
      credit: number;
      currency: string;
      debit: number;
      line_no: number;
      sub_account: {
        external_id: string;
        kind: string;
        /** @description What it is called (a program’s title; an acceptor’s name and the program’s title for an acceptor’s sub-account in a program); null: show its id */
        title: string | null;
        /** Format: uuid */
        uuid: string;
      };
    };
    ListedUser: {
      avatar: string | null;
      /** Format: date-time */
      created: string;
      email: string;
      first_name: string;
      full_name: string;
      is_active: boolean;
      last_name: string;
      phone: string | null;
      phone_code: string | null;
      /** @description 1 program owner, 2 acceptor, 3 card holder, 4 admin */
      type: 1 | 2 | 3 | 4;
      /** Format: uuid */
      uuid: string;
    };
    LoginHistoryEntry: {
      address: string | null;
      device: string;
      portal: string;
      success: boolean;
      /** Format: date-time */
      time: string;
    };
    LoginInput: {
      email: string;
      password: string;
      /**
       * @description The portal signing in; the account must be of its type
       * @enum {string}
       */
      portal?: "admin" | "programs" | "acceptor" | "cardholder";
      /**
       * @description Keep me signed in (30 days; else 12 hours)
       * @default true
       */
      remember?: boolean;
    };
    PasswordChangeInput: {
      old_password: string;
      password: string;
      password_confirmation: string;
    };
    PasswordCodeInput: {
      /** @example anna@example.com */
      email: string;
      /**
       * @description Language of the e-mails and of the new account; default: Accept-Language, else nl
       * @enum {string}
       */
      language?: "nl" | "en" | "de" | "ru" | "uk";
      /**
       * @description The portal asking (informational): the link opens the portal of the account’s type
       * @enum {string}
       */
      portal?: "admin" | "programs" | "acceptor" | "cardholder";
    };
    PasswordCodeSent: {
      email: string;
    };
    PasswordSetInput: {
      password: string;
      password_confirmation: string;
      /** @description The `token` of the e-mailed link */
      token: string;
    };
    PayInput: {
      card_number?: string;
      cvc?: string;
      exp_month?: number | string;
      exp_year?: number | string;
      /** Format: uuid */
      order_uuid: string;
      /**
       * @default card
       * @enum {string}
       */
      payment_type?: "ideal" | "card" | "stripe" | "paynl" | "paypal" | "ccv";
    };
    Payment: {
      /**
       * @description Minor units (cents)
       * @example 1250
       */
      amount: number;
      /** @description Money taken across all attempts, gross: the amount once, or more when an attempt was captured twice (each duplicate is refunded by the platform: see the refunds of kind duplicate) */
      captured_amount: number;
      card_brand: string | null;
      card_last4: string | null;
      /** Format: date-time */
      created: string;
      /** @example EUR */
      currency: string;
      /** @description In English, or as the person typed it; read `description_code` in the reader’s language */
      description: string;
      /**
       * @description What the platform worded, as a code (null: words a person typed; show `description`)
       * @example card_order
       * @enum {string|null}
       */
      description_code: "card_order" | "credit_bill" | "food_order" | "food_court_order" | null;
      /**
       * @description The code’s parameters
       * @example {
       *   "quantity": 24,
       *   "program_title": "Cadeaubon 2026"
       * }
       */
      description_params: {
        [key: string]: unknown;
      };
      /** Format: date-time */
      expires: string;
      failure_code: string | null;
      failure_message: string | null;
      /** @description Provider fees, minor units */
      fee_amount: number;
      method: string | null;
      /** Format: date-time */
      paid: string | null;
      /** @description The payer’s checkout page */
      pay_url: string;
      payable: {
        id: string;
        kind: string;
      };
      /** Format: uuid */
      program_uuid: string | null;
      /** @example PAY-001042 */
      reference: string;
      /** @description What was given back to the payer at the owner’s request or at the provider (not duplicates) */
      refunded_amount: number;
      /** @enum {string} */
      status: "created" | "pending" | "paid" | "failed" | "cancelled" | "expired" | "refunded" | "partially_refunded";
      /** Format: uuid */
      uuid: string;
    };
    PaymentNotification: {
      categories: {
          /**
           * @description The deliveries’ `type`
           * @example payment.paid
           */
          event_type: string;
          fields: {
              is_used: boolean;
              /** @example payment.amount */
              key: string;
              /**
               * @description Stable name for the portals to translate
               * @example amount
               */
              title: string;
              /** Format: uuid */
              uuid: string;
            }[];
          /** @description At least one of its fields is used */
          is_used: boolean;
          /** @example payment */
          key: string;
          /** @example payment */
          title: string;
          /** Format: uuid */
          uuid: string;
        }[];
      /** Format: date-time */
      created: string;
      description: string;
      /**
       * Format: uuid
       * @description Its delivery log: GET payment/webhook-endpoints/{endpoint_uuid}/deliveries
       */
      endpoint_uuid: string;
      is_active: boolean;
      /** Format: uuid */
      program: string;
      /** @description The signing secret (Standard Webhooks, whsec_…), for the owner; null for admins */
      secret: string | null;
      title: string;
      /** Format: date-time */
      updated: string;
      url: string;
      /** Format: uuid */
      uuid: string;
    };
    PaymentNotificationCategory: {
      /**
       * @description The deliveries’ `type`
       * @example payment.paid
       */
      event_type: string;
      fields: {
          /** @example payment.amount */
          key: string;
          /**
           * @description Stable name for the portals to translate
           * @example amount
           */
          title: string;
          /** Format: uuid */
          uuid: string;
        }[];
      /** @example payment */
      key: string;
      /** @example payment */
      title: string;
      /** Format: uuid */
      uuid: string;
    };
    PaymentNotificationChanges: {
      /** @description Fields listed take their is_used flag; fields not listed keep theirs */
      categories?: {
          fields: {
              is_used: boolean;
              /** Format: uuid */
              uuid: string;
            }[];
          /** Format: uuid */
          uuid: string;
        }[];
      description?: string;
      is_active?: boolean;
      /** @description Make a new secret */
      rotate_secret?: boolean;
      /** @description whsec_ and 24–64 bytes in base64; empty or left out: a new one is made */
      secret?: string;
      title?: string;
      /**
       * @description The merchant’s HTTPS endpoint
       * @example https://shop.example/hooks/cardpay
       */
      url?: string;
    };
    PaymentNotificationInput: {
      /**
       * @description Per category, fields flagged is_used (uuids from the categories call)
       * @default []
       */
      categories?: {
          fields: {
              is_used: boolean;
              /** Format: uuid */
              uuid: string;
            }[];
          /** Format: uuid */
          uuid: string;
        }[];
      description?: string;
      /** @default true */
      is_active?: boolean;
      /** Format: uuid */
      program: string;
      /** @description whsec_ and 24–64 bytes in base64; empty or left out: a new one is made */
      secret?: string;
      title: string;
      /**
       * @description The merchant’s HTTPS endpoint
       * @example https://shop.example/hooks/cardpay
       */
      url: string;
    };
    PaymentRequestApiInput: {
      fields: ({
          /** Format: uuid */
          field_uuid: string;
          value: string | number;
        })[];
      /** Format: uuid */
      program_uuid: string;
      /** @description Your own id of the request: the same id again answers the same request */
      request_uuid: string;
      /** @description whsec_ and 24–64 bytes in base64; left out: a new one is made and answered */
      secret?: string;
      /** @description Where to send the outcome (paid, failed, expired), signed with `secret` */
      url?: string;
    };
    PaymentRequestInput: {
      /**
       * @description Minor units (cents)
       * @example 1250
       */
      amount: number;
      /** @default EUR */
      currency?: string;
      description: string;
      /** @default 7 */
      expires_in_days?: number;
      /** Format: uuid */
      program_uuid?: string;
      /** Format: uri */
      return_url?: string;
    };
    PaymentStatistics: {
      from: string;
      /** Format: uuid */
      program: string | null;
      results: {
          /** @description Their sum, minor units */
          amount: number;
          /** @description Paid payments */
          count: number;
          currency: string;
          days: {
              amount: number;
              count: number;
              date: string;
            }[];
          /** @description Refunded of it since, minor units */
          refunded: number;
        }[];
      time_zone: string;
      to: string;
    };
    PlatformProvider: {
      /**
       * @description What payments outside programs use while no account is saved: the built-in sandbox outside production; null in production, where they are refused (422 `platform_provider_missing`)
       * @enum {string|null}
       */
      fallback: "sandbox" | null;
      /** @description Accounts it replaced, newest first: still used by payments taken on them */
      previous: components["schemas"]["PlatformProviderAccount"][];
      /** @description Providers an admin may save here */
      providers: ("sandbox" | "ccv" | "stripe")[];
      /** @description The current account; null when none is saved */
      result: components["schemas"]["PlatformProviderAccount"] | null;
    };
    PlatformProviderAccount: {
      /** Format: date-time */
      created: string;
      /** @example …a1b2 */
      key_hint: string;
      /** @enum {string} */
      mode: "test" | "live";
      /** @enum {string} */
      provider: "sandbox" | "ccv" | "stripe";
      /**
       * Format: date-time
       * @description When a newer account took over
       */
      replaced: string | null;
      /** @description The admin who saved the keys */
      saved_by: {
        email: string;
        name: string;
        /** Format: uuid */
        uuid: string;
      } | null;
      /** Format: date-time */
      updated: string;
      /** Format: uuid */
      uuid: string;
      /** @description Set this as the webhook endpoint at the provider */
      webhook_url: string;
    };
    /** @description Plus the fields of the caller’s portal: address fields for program owners, acceptors and admins; gender, birth date and company fields for program owners and acceptors; delivery fields for card holders. */
    Profile: {
      address?: string | number | null;
      avatar: string | null;
      billing_address?: string | number | null;
      billing_city?: string | number | null;
      billing_country?: string | number | null;
      billing_state?: string | number | null;
      billing_zip?: string | number | null;
      birth_date?: string | number | null;
      city?: string | number | null;
      company_name?: string | number | null;
      company_phone?: string | number | null;
      company_phone_code?: string | number | null;
      company_reg_number?: string | number | null;
      company_vat_number?: string | number | null;
      /** @description The number people call: the company’s when the profile is a company’s */
      contact_phone: {
        phone: string | null;
        phone_code: string | null;
      };
      country?: string | number | null;
      /** Format: date-time */
      created: string;
      delivery_apartment?: string | number | null;
      delivery_house?: string | number | null;
      delivery_street?: string | number | null;
      description?: string | number | null;
      email: string;
      first_name?: string | number | null;
      full_name: string;
      gender?: string | number | null;
      is_active: boolean;
      language?: string | number | null;
      last_name?: string | number | null;
      legal_type?: string | number | null;
      phone?: string | number | null;
      phone_code?: string | number | null;
      position?: string | number | null;
      state?: string | number | null;
      title?: string | number | null;
      /** @description 1 program owner, 2 acceptor, 3 card holder, 4 admin */
      type: 1 | 2 | 3 | 4;
      url?: string | number | null;
      /** @description The e-mail, masked: first and last two characters kept */
      username: string;
      /** Format: uuid */
      uuid: string;
      zip?: string | number | null;
      [key: string]: unknown;
    };
    ProfileInput: {
      address?: string | null;
      billing_address?: string | null;
      billing_city?: string | null;
      billing_country?: string | null;
      billing_state?: string | null;
      billing_zip?: string | null;
      /** Format: date */
      birth_date?: string | null;
      city?: string | null;
      company_name?: string | null;
      company_phone?: string | null;
      company_phone_code?: string | null;
      company_reg_number?: string | null;
      company_vat_number?: string | null;
      country?: string | null;
      delivery_apartment?: string | null;
      delivery_house?: string | null;
      delivery_street?: string | null;
      description?: string | null;
      first_name?: string;
      /** @enum {string|null} */
      gender?: "male" | "female" | "other" | null;
      /** @enum {string} */
      language?: "nl" | "en" | "de" | "ru" | "uk";
      last_name?: string;
      legal_type?: 1 | 2;
      old_password?: string;
      password?: string;
      password_confirmation?: string;
      phone?: string | null;
      phone_code?: string | null;
      position?: string | null;
      state?: string | null;
      /** @enum {string|null} */
      title?: "Mr" | "Mrs" | "Miss" | "Dr" | "Ms" | "Mx" | null;
      /** Format: uri */
      url?: string | null;
      zip?: string | null;
    };
    Program: {
      /** Format: date-time */
      activated: string | null;
      blocked: ({
        /** Format: date-time */
        at: string;
        /**
         * @description Who blocked it: only an admin lifts an admin’s block
         * @enum {string}
         */
        by: "owner" | "admin";
      }) | null;
      /** Format: date-time */
      created: string;
      /** @example EUR */
      currency: string;
      description: string;
      owner: {
        name: string;
        /** Format: uuid */
        uuid: string;
      };
      status: components["schemas"]["Status"];
      /** @description The creation step a draft resumes at (1 or 2); null past the drafts */
      step: number | null;
      title: string;
      type: components["schemas"]["ProgramType"];
      /** Format: date-time */
      updated: string;
      /** Format: uuid */
      uuid: string;
    };
    ProgramAcceptor: {
      /** @description The acceptor account, once known */
      acceptor: {
        name: string;
        /** Format: uuid */
        uuid: string;
      } | null;
      email: string;
      /** Format: date-time */
      invited: string;
      program: components["schemas"]["ProgramBrief"];
      /** Format: date-time */
      responded: string | null;
      /**
       * Format: date-time
       * @description When the invitation e-mail last went out
       */
      sent: string | null;
      status: components["schemas"]["Status"];
      /** Format: date-time */
      updated: string;
      /** Format: uuid */
      uuid: string;
    };
    ProgramAcceptorChange: {
      /** @description 21001 reactivate a blocked acceptor, 21003 unsubscribe, 21005 block */
      status: 21001 | 21003 | 21005;
    };
    ProgramBrief: {
      currency: string;
      owner: {
        name: string;
        /** Format: uuid */
        uuid: string;
      };
      status: components["schemas"]["Status"];
      title: string;
      type: components["schemas"]["ProgramType"];
      /** Format: uuid */
      uuid: string;
    };
    ProgramCard: {
      /** @description Title, value and validity are set: the program may go on */
      complete: boolean;
      /** Format: date-time */
      created: string;
      description: string;
      /**
       * Format: date
       * @description The program’s end
       */
      expiry_date: string | null;
      /**
       * Format: uuid
       * @description An image uploaded with POST manager/commons/images
       */
      image: string | null;
      image_url: string | null;
      is_private: boolean;
      /** @description Cards were paid for: only title, description and image can change */
      locked: boolean;
      /** @enum {string} */
      orientation: "horizontal" | "vertical";
      /** Format: uuid */
      program_uuid: string;
      /** Format: date */
      start_date: string | null;
      title: string;
      type: components["schemas"]["CardTypeBrief"];
      /** Format: date-time */
      updated: string;
      /** Format: uuid */
      uuid: string;
      validity: {
        /** @enum {string} */
        mode: "program";
      } | ({
        /** @enum {integer} */
        expiry_type: 31 | 21 | 11;
        expiry_value: number;
        /** @enum {string} */
        mode: "after_activation";
      }) | {
        /** @enum {string} */
        mode: "until";
        /**
         * Format: date
         * @example 2027-12-31
         */
        until: string;
      } | null;
      /** @description The card’s one value; empty until it is set */
      values: components["schemas"]["CardValue"][];
    };
    ProgramChange: {
      /**
       * @description Only while a draft
       * @example EUR
       */
      currency?: string;
      description?: string;
      /** @description Move the program: the next or an earlier draft step (11002–11004), 11001 to activate a completed draft (or to unblock), 11007 to block */
      status?: number;
      title?: string;
    };
    ProgramImage: {
      /** Format: date-time */
      created: string;
      /** @example 0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d.jpg */
      file: string;
      height: number;
      /** @description Bytes of the stored JPG */
      size: number;
      /** @description Where the JPG is served (no sign-in needed) */
      url: string;
      /** Format: uuid */
      uuid: string;
      width: number;
    };
    ProgramInput: {
      /**
       * @description ISO 4217 code; default EUR
       * @default EUR
       * @example EUR
       */
      currency?: string;
      /** @default */
      description?: string;
      /**
       * @description May be sent; a new program is always draftStep1 (11002)
       * @enum {number}
       */
      status?: 11002;
      title: string;
      /** @description card 1001, credit management 2001, payment management 3001, foods 4001, food court 5001 */
      type: number;
    };
    ProgramMethod: {
      description: string;
      /**
       * @description The method_id
       * @example ideal
       */
      id: string;
      is_used: boolean;
      /** @description The provider_id chosen for the program */
      provider: string | null;
      /** @description Providers that can take this method */
      providers: string[];
      psp_id: string | null;
      title: string;
      /** @description In use with a provider that can take it (a payment program needs one) */
      validated: boolean;
    };
    ProgramMethods: {
      /** Format: uuid */
      program: string;
      results: components["schemas"]["ProgramMethod"][];
    };
    ProgramMethodsInput: {
      methods: ({
          is_used: boolean;
          method_id: string;
          /** @default null */
          provider_id?: string | null;
        })[];
      /** Format: uuid */
      program: string;
    };
    ProgramOwnerSignupInput: {
      address?: string;
      city?: string;
      /** @description Required when legal_type is 1 */
      company_name?: string;
      /**
       * @description The number without the country calling code, or in international form
       * @example 612345678
       */
      company_phone?: string;
      /**
       * @description Country calling code
       * @example +31
       */
      company_phone_code?: string;
      company_reg_number?: string;
      company_vat_number?: string;
      /**
       * @description ISO 3166-1 alpha-2 code
       * @example NL
       */
      country: string;
      first_name: string;
      last_name: string;
      /** @description 1 company, 2 individual */
      legal_type: 1 | 2;
      password: string;
      password_confirmation: string;
      /**
       * @description The number without the country calling code, or in international form
       * @example 612345678
       */
      phone: string;
      /**
       * @description Country calling code
       * @example +31
       */
      phone_code?: string;
      /**
       * @description Keep me signed in (30 days; else 12 hours)
       * @default true
       */
      remember?: boolean;
      /** @description The `signup_token` answered by the code call (single use, 30 minutes) */
      signup_token: string;
      state?: string;
      /**
       * @description The terms and privacy statement were accepted (must be true)
       * @enum {boolean}
       */
      terms: true;
      zip?: string;
    };
    ProgramProviderAccount: {
      /** Format: date-time */
      created: string;
      /** @example …a1b2 */
      key_hint: string;
      /** @enum {string} */
      mode: "test" | "live";
      /** Format: uuid */
      program: string;
      /** @enum {string} */
      provider: "sandbox" | "ccv" | "stripe";
      /** Format: uuid */
      uuid: string;
      /** @description Set this as the webhook endpoint at the provider */
      webhook_url: string;
    };
    ProgramType: {
      description: string;
      /** @example 3001 */
      id: number;
      /**
       * @description Stable key of the type
       * @example paymentManagement
       */
      title: string;
    };
    PublicCardProgram: {
      /** @description The businesses taking the program’s cards now, by name */
      acceptors: {
          name: string;
        }[];
      /** Format: date-time */
      activated: string | null;
      card: {
        description: string;
        /**
         * Format: date
         * @description The program’s end
         */
        expiry_date: string | null;
        image_url: string | null;
        /** @enum {string} */
        orientation: "horizontal" | "vertical";
        /** Format: date */
        start_date: string | null;
        title: string;
        type: components["schemas"]["CardTypeBrief"];
        validity: components["schemas"]["CardValidity"];
        value: components["schemas"]["CardValue"];
      };
      /** @example EUR */
      currency: string;
      description: string;
      owner: {
        /** @description Who runs it (their company for a company) */
        name: string;
      };
      title: string;
      /** Format: uuid */
      uuid: string;
    };
    PublicProfile: {
      avatar: string | null;
      company_name: string | null;
      /** Format: date-time */
      created: string;
      description: string | null;
      first_name: string;
      full_name: string;
      is_active: boolean;
      last_name: string;
      position: string | null;
      title: string | null;
      /** @description 1 program owner, 2 acceptor, 3 card holder, 4 admin */
      type: 1 | 2 | 3 | 4;
      url: string | null;
      /** Format: uuid */
      uuid: string;
    };
    QrPayPreview: {
      /**
       * @description Minor units (cents)
       * @example 1250
       */
      amount: number;
      cashpoint: string | null;
      currency: string;
      description: string;
      /**
       * Format: date-time
       * @description When the QR link stops working
       */
      expires: string;
      /** @description Who is paid, as the checkout names them: the business (the acceptor’s company, else the program’s title), never the cashier */
      merchant: string;
      /** @description The program’s title */
      program: string | null;
    };
    QrPayStart: {
      checkout_url: string;
      /** Format: uuid */
      checkout_uuid: string;
    };
    Reminder: {
      contact: string;
      description: string;
      image: string | null;
      is_alive: boolean;
      is_formal: boolean;
      is_system: boolean;
      penalty: ({
        amount: number | null;
        currency: string;
        percent: string | null;
        value_type: number;
      }) | null;
      period: {
        type: number;
        value: number;
      } | null;
      position: number;
      /** Format: uuid */
      program_uuid: string;
      send_time: string;
      subject: string;
      template: number | null;
      text: string;
      time: {
        sender_type: number;
        value: number;
      };
      title: string;
      /** Format: uuid */
      uuid: string;
    };
    ReminderInput: {
      contact?: string;
      description?: string;
      /** Format: uuid */
      image?: string | null;
      is_alive?: boolean;
      is_formal?: boolean;
      is_system?: boolean;
      /** @description 1 a fixed amount in the program’s currency, 2 a percentage of the open amount */
      penalty?: OneOf<[{
        /** @description Minor units */
        amount: number;
        currency?: string;
        /** @enum {number} */
        value_type: 1;
      }, {
        /** @example 1.5 */
        percent: string;
        /** @enum {number} */
        value_type: 2;
      }, null]>;
      period?: {
        /**
         * @description 11: days (the specification’s day code)
         * @enum {number}
         */
        type: 11;
        value: number;
      } | null;
      /** Format: uuid */
      program: string;
      /**
       * @description Local time of day it is sent (default 09:00)
       * @example 09:00
       */
      send_time?: string;
      subject: string;
      /** @description The system template (`commons/reminder-templates` id) it was made from */
      template?: number | null;
      text: string;
      time: {
        /** @description 1 before the due date, 2 after it */
        sender_type: 1 | 2;
        /** @description Days before or after the due date */
        value: number;
      };
      title: string;
    };
    ReminderLadder: {
      results: components["schemas"]["Reminder"][];
      settings: components["schemas"]["ReminderSettings"];
    };
    ReminderPatch: {
      contact?: string;
      description?: string;
      /** Format: uuid */
      image?: string | null;
      is_alive?: boolean;
      is_formal?: boolean;
      is_system?: boolean;
      /** @description 1 a fixed amount in the program’s currency, 2 a percentage of the open amount */
      penalty?: OneOf<[{
        /** @description Minor units */
        amount: number;
        currency?: string;
        /** @enum {number} */
        value_type: 1;
      }, {
        /** @example 1.5 */
        percent: string;
        /** @enum {number} */
        value_type: 2;
      }, null]>;
      period?: {
        /**
         * @description 11: days (the specification’s day code)
         * @enum {number}
         */
        type: 11;
        value: number;
      } | null;
      /**
       * @description Local time of day it is sent (default 09:00)
       * @example 09:00
       */
      send_time?: string;
      subject?: string;
      /** @description The system template (`commons/reminder-templates` id) it was made from */
      template?: number | null;
      text?: string;
      time?: {
        /** @description 1 before the due date, 2 after it */
        sender_type: 1 | 2;
        /** @description Days before or after the due date */
        value: number;
      };
      title?: string;
    };
    ReminderPeriodPatch: {
      period?: {
        /**
         * @description 11: days (the specification’s day code)
         * @enum {number}
         */
        type: 11;
        value: number;
      } | null;
      /** @example 09:00 */
      send_time?: string;
      time?: {
        /** @description 1 before the due date, 2 after it */
        sender_type: 1 | 2;
        /** @description Days before or after the due date */
        value: number;
      };
    };
    ReminderSettings: {
      /**
       * @description The credit program id: 6 uppercase letters
       * @example KQZTRW
       */
      code: string;
      contact: {
        account: string;
        address: {
          address: string;
          city: string;
          country: string;
          state: string;
          zip: string;
        };
        /** @description Chamber of commerce number */
        chamber: string;
        /** @description Whether the contact is shown on bills */
        is_showed: boolean;
        phone_code: string;
        phone_number: string;
        /** @description VAT number */
        vat: string;
      };
      contact_line: string;
      image: string | null;
      is_formal: boolean;
      /** Format: uuid */
      program_uuid: string;
      time_zone: string;
      window: {
        end: string;
        start: string;
        weekdays: number[];
      };
    };
    ReminderSettingsPatch: {
      contact?: {
        account?: string;
        address?: {
          address?: string;
          city?: string;
          country?: string;
          state?: string;
          zip?: string;
        };
        /** @description Chamber of commerce number */
        chamber?: string;
        /** @description Whether the contact is shown on bills */
        is_showed?: boolean;
        phone_code?: string;
        phone_number?: string;
        /** @description VAT number */
        vat?: string;
      };
      /** @description The settings’ `contact` text */
      contact_line?: string;
      /** Format: uuid */
      image?: string | null;
      is_formal?: boolean;
      time_zone?: string;
      window?: {
        /** @example 18:00 */
        end?: string;
        /** @example 09:00 */
        start?: string;
        /** @description ISO weekdays: 1 Monday … 7 Sunday */
        weekdays?: number[];
      };
    };
    ReminderTemplate: {
      description: string;
      id: number;
      is_formal: boolean;
      is_system: boolean;
      key: string;
      placeholders: string[];
      sender_type: components["schemas"]["CommonCode"];
      subject: string;
      text: string;
      title: string;
      /** Format: uuid */
      uuid: string;
      /** @description Days before or after the due date */
      value: number;
    };
    RootSettings: {
      /** @enum {string} */
      api_version: "v1";
      default_country: {
        code: string;
        /** Format: uuid */
        uuid: string;
      };
      default_currency: components["schemas"]["Currency"];
      /** @enum {string} */
      default_language: "nl" | "en" | "de" | "ru" | "uk";
      /**
       * @description Used for text missing in the chosen language
       * @enum {string}
       */
      fallback_language: "nl" | "en" | "de" | "ru" | "uk";
      /** @description Interface languages */
      languages: ({
          /** @enum {string} */
          code: "nl" | "en" | "de" | "ru" | "uk";
          /** @description In its own language */
          name: string;
        })[];
      limits: {
        image_max_bytes: number;
        page_size_max: number;
        password_min_length: number;
        /** @description Refresh an access token this long before it expires */
        token_refresh_margin_seconds: number;
      };
    };
    SandboxCheckout: {
      amount: number;
      bank: string | null;
      banks: {
          id: string;
          name: string;
        }[];
      card_brand: string | null;
      card_last4: string | null;
      chosen_method: string | null;
      currency: string;
      description: string;
      /** Format: date-time */
      expires: string;
      failure_code: string | null;
      failure_message: string | null;
      id: string;
      locale: string | null;
      merchant: string;
      method: string;
      /** @description Where to send the payer, once the payment is finished */
      return_url: string | null;
      /** @enum {string} */
      status: "open" | "requires_action" | "paid" | "failed" | "cancelled" | "expired";
      test_cards: {
          brand: string;
          label: string;
          number: string;
          /** @description What paying with it does: `succeeds`, `requires_action`, or the decline code */
          outcome: string;
        }[];
    };
    Session: {
      address: string | null;
      /** Format: date-time */
      created: string;
      /** @description The session of this request */
      current: boolean;
      device: string;
      /** Format: date-time */
      expires: string;
      /** Format: date-time */
      last_used: string;
      /** Format: uuid */
      uuid: string;
    };
    SessionUser: {
      email: string;
      first_name: string;
      full_name: string;
      language: string;
      last_name: string;
      /** @enum {string} */
      portal: "admin" | "programs" | "acceptor" | "cardholder";
      /** @description 1 program owner, 2 acceptor, 3 card holder, 4 admin */
      type: 1 | 2 | 3 | 4;
      /** Format: uuid */
      uuid: string;
    };
    SignupCodeConfirmed: {
      email: string;
      /** Format: date-time */
      expires_at: string;
      /** @description Send it with the complete call; single use */
      signup_token: string;
    };
    SignupCodeInput: {
      /**
       * @description The 6 digits from the e-mail
       * @example 042917
       */
      code: string;
      /** @example anna@example.com */
      email: string;
    };
    SignupCodeSent: {
      email: string;
      /** @description How long the e-mailed code stays valid */
      expires_in_minutes: number;
      /** @description When resend may be asked for */
      resend_after_seconds: number;
    };
    SignupCountries: {
      /**
       * @example [
       *   "NL",
       *   "BE",
       *   "DE",
       *   "LU",
       *   "AT",
       *   "FR"
       * ]
       */
      supported_countries: string[];
    };
    SignupResendInput: {
      /** @example anna@example.com */
      email: string;
      /**
       * @description Language of the e-mails and of the new account; default: Accept-Language, else nl
       * @enum {string}
       */
      language?: "nl" | "en" | "de" | "ru" | "uk";
    };
    SignupStepOneInput: {
      /** @example anna@example.com */
      email: string;
      /**
       * @description Language of the e-mails and of the new account; default: Accept-Language, else nl
       * @enum {string}
       */
      language?: "nl" | "en" | "de" | "ru" | "uk";
    };
    State: {
      /**
       * @description ISO 3166-2 subdivision code without the country
       * @example NH
       */
      code: string;
      /**
       * Format: uuid
       * @description Country uuid
       */
      country: string;
      /** @example North Holland */
      name: string;
      /** @example province */
      type: string | null;
      /** Format: uuid */
      uuid: string;
    };
    Status: {
      description: string;
      /** @example 11002 */
      id: number;
      /**
       * @description Stable key of the status
       * @example draftStep1
       */
      title: string;
      /** Format: uuid */
      uuid: string;
    };
    SupportRequest: {
      /** Format: date-time */
      created: string;
      /** @example SR-001042 */
      reference: string;
      subject: string;
      /** @enum {string} */
      topic: "general" | "account" | "payment" | "order" | "card" | "bill";
      /** Format: uuid */
      uuid: string;
    };
    SupportRequestInput: {
      /**
       * @description Amount in dispute, in minor units (cents)
       * @example {
       *   "amount": 1250,
       *   "currency": "EUR"
       * }
       */
      disputed_amount?: {
        amount: number;
        currency: string;
      };
      email: string;
      /**
       * @description Language of the reply; default from Accept-Language
       * @enum {string}
       */
      language?: "nl" | "en" | "de" | "ru" | "uk";
      message: string;
      name: string;
      order_reference?: string;
      subject: string;
      /** @enum {string} */
      topic: "general" | "account" | "payment" | "order" | "card" | "bill";
    };
    TerminalRequest: {
      /**
       * @description Minor units (cents)
       * @example 1250
       */
      amount: number;
      /**
       * Format: uuid
       * @description Where the outcome is sent (a request made with `url`): GET payment/webhook-endpoints/{uuid} and its deliveries
       */
      callback_endpoint_uuid: string | null;
      cashpoint: {
        title: string;
        /** Format: uuid */
        uuid: string;
      } | null;
      /** Format: date-time */
      claimed: string | null;
      /** Format: date-time */
      created: string;
      currency: string;
      description: string;
      /** Format: date-time */
      ended: string | null;
      /**
       * Format: date-time
       * @description When the QR link stops working
       */
      expires: string;
      failure_message: string | null;
      /** Format: date-time */
      paid: string | null;
      /** @description The link to put in the QR code (with the token) */
      pay_url: string | null;
      payment: {
        card_brand: string | null;
        card_last4: string | null;
        reference: string | null;
        status: string | null;
        /** Format: uuid */
        uuid: string;
      };
      /** Format: uuid */
      program: string;
      /** @description The merchant system’s reference, if any */
      reference: string | null;
      request_uuid: string | null;
      /** @enum {string} */
      source: "terminal" | "api";
      /**
       * @description open (QR shown), claimed (the payer opened it and is paying), paid, failed, expired, cancelled
       * @enum {string}
       */
      status: "open" | "claimed" | "paid" | "failed" | "expired" | "cancelled";
      /** @description The QR link’s token: answered only when it is made, never stored */
      token: string | null;
      /** Format: uuid */
      uuid: string;
    };
    TerminalRequestInput: {
      /**
       * @description Minor units (cents), in the program’s currency
       * @example 1250
       */
      amount: number;
      /** Format: uuid */
      cashpoint: string;
      /**
       * @description What the sale is for, shown to the payer; optional
       * @default
       * @example Two loaves
       */
      description?: string;
    };
    Tokens: {
      /** @description Access token (JWT); absent in cookie mode */
      auth_token?: string;
      /** Format: date-time */
      expires_at: string;
      /** @description Seconds the access token stays valid */
      expires_in: number;
      /** @description Refresh token; absent in cookie mode */
      refresh_token?: string;
      /** Format: date-time */
      session_expires_at: string;
      /** @enum {string} */
      token_type: "Bearer";
      user: components["schemas"]["SessionUser"];
    };
    Transaction: {
      /**
       * @description Minor units (cents); a refund’s own amount
       * @example 1250
       */
      amount: number;
      card_brand: string | null;
      /** @description Last four digits of the card, never more */
      card_last4: string | null;
      /**
       * @description The cashpoint it was paid at, if any
       * @example Counter 1
       */
      cashpoint: string | null;
      /** Format: date-time */
      created: string;
      /** @example EUR */
      currency: string;
      /** @description In English, or as the person typed it; read `description_code` in the reader’s language */
      description: string;
      /**
       * @description What the platform worded, as a code (null: words a person typed; show `description`)
       * @example card_order
       * @enum {string|null}
       */
      description_code: "card_order" | "credit_bill" | "food_order" | "food_court_order" | null;
      /**
       * @description The code’s parameters
       * @example {
       *   "quantity": 24,
       *   "program_title": "Cadeaubon 2026"
       * }
       */
      description_params: {
        [key: string]: unknown;
      };
      /** @description A refund that gives a duplicate capture back (not asked by the owner) */
      duplicate: boolean;
      /**
       * @description A payment, a duplicate capture of it (taken a second time, given back by itself), or a refund
       * @enum {string}
       */
      kind: "payment" | "duplicate_capture" | "refund";
      /** @description Whom the payer paid: the business (shop or program), as fixed when the payment was made */
      merchant: string | null;
      method: string | null;
      order: {
        /** @description The invoice of a bill (not yet issued: null) */
        invoice_url: string | null;
        /** @description What was paid: payment_link, card_order, bill, food_order, … */
        kind: string;
        /**
         * @description The PDF receipt, once the money has moved
         * @example /api/v1/payment/transactions/…/receipt
         */
        receipt_url: string | null;
        /** @description The id of what was paid (the payable) */
        uuid: string;
      };
      /** Format: uuid */
      payment_uuid: string;
      /** Format: uuid */
      program_uuid: string | null;
      /**
       * @description The payment’s reference
       * @example PAY-001042
       */
      reference: string;
      /**
       * @description The payment’s status for a payment; requested, pending, succeeded or failed for a refund
       * @enum {string}
       */
      transaction_status: "created" | "pending" | "paid" | "failed" | "cancelled" | "expired" | "refunded" | "partially_refunded" | "requested" | "succeeded";
      /** Format: uuid */
      uuid: string;
    };
    UnsupportedCountryInput: {
      /**
       * @description ISO 3166-1 alpha-2 code
       * @example NL
       */
      country: string;
      /** @example anna@example.com */
      email: string;
      /**
       * @description Language of the e-mails and of the new account; default: Accept-Language, else nl
       * @enum {string}
       */
      language?: "nl" | "en" | "de" | "ru" | "uk";
      /**
       * @description The registration: 1 program owner (default), 2 acceptor, 3 card holder
       * @default 1
       */
      type?: 1 | 2 | 3;
    };
    VatRate: {
      /** @enum {string} */
      code: "high" | "low" | "zero" | "exempt";
      /**
       * @description First day this percentage is in force
       * @example 2019-01-01
       */
      effective_from: string;
      /** @description Last day in force; null while it still is */
      effective_to: string | null;
      /** @description Earlier percentages of this rate, oldest first */
      history: ({
          /** @example 2019-01-01 */
          effective_from: string;
          effective_to: string | null;
          percentage: number | null;
        })[];
      /**
       * @description Percent of the net amount; null when exempt (no VAT at all)
       * @example 9
       */
      percentage: number | null;
      /**
       * @description Name of the rate in the reader’s language
       * @example Laag tarief
       */
      title: string;
    };
    WebhookAttempt: {
      duration_ms: number;
      /** @description Network error or timeout, when there was no answer */
      error: string | null;
      number: number;
      request_body: string;
      request_headers: {
        [key: string]: string;
      };
      /** @description The first 2 KB of the answer */
      response_body: string | null;
      response_status: number | null;
      /** Format: date-time */
      started: string;
      /** @enum {string} */
      trigger: "automatic" | "replay";
      url: string;
    };
    WebhookDelivery: {
      /** @description Attempts made, replays included */
      attempts: number;
      /** Format: date-time */
      completed: string | null;
      /** Format: date-time */
      created: string;
      /** Format: uuid */
      endpoint_uuid: string;
      event_id: string;
      /** @example payment.succeeded */
      event_type: string;
      /** @description HTTP status of the last answer */
      last_status: number | null;
      /**
       * Format: date-time
       * @description When the next retry is due, if any
       */
      next_attempt: string | null;
      /** @description Why it failed for good: maxRepeats (retries used up) or endpointInactive */
      reason: string | null;
      /** @enum {string} */
      status: "pending" | "succeeded" | "failed";
      /** Format: uuid */
      uuid: string;
    };
    WebhookDeliveryDetail: components["schemas"]["WebhookDelivery"] & {
      /** @description Every attempt, oldest first */
      attempt_log: components["schemas"]["WebhookAttempt"][];
      payload: {
        [key: string]: unknown;
      };
    };
    WebhookEndpoint: {
      /** Format: date-time */
      created: string;
      /** @description Deleted: it receives nothing, its deliveries stay readable */
      deleted: boolean;
      /** @description In English, or as the owner typed it; read `description_code` in the reader’s language */
      description: string;
      /**
       * @description What the platform worded, as a code (null: words a person typed; show `description`)
       * @example payment_request
       * @enum {string|null}
       */
      description_code: "payment_request" | null;
      /**
       * @description The code’s parameters
       * @example {
       *   "request_uuid": "a1b2c3d4-0000-4000-8000-000000000001"
       * }
       */
      description_params: {
        [key: string]: string;
      };
      is_active: boolean;
      /**
       * Format: uuid
       * @description The program whose events it receives, if any
       */
      program_uuid: string | null;
      url: string;
      /** Format: uuid */
      uuid: string;
    };
    WorkingHours: {
      /** @description Monday 1 … Sunday 7 */
      day_of_week: number;
      enabled: boolean;
      /**
       * @description Earlier than start_time: the hours end after midnight; '24:00' is the end of the day ('00:00'–'24:00' is open all day)
       * @example 17:00
       */
      end_time: string;
      /**
       * @description 'HH:MM', local time of the restaurant
       * @example 17:00
       */
      start_time: string;
    };
    WorkingHoursException: {
      closed: boolean;
      /** @example 2026-12-25 */
      date: string;
      /**
       * @description 'HH:MM', local time of the restaurant
       * @example 17:00
       */
      end_time: string | null;
      /**
       * @description 'HH:MM', local time of the restaurant
       * @example 17:00
       */
      start_time: string | null;
    };
  };
  responses: never;
  parameters: {
  };
  requestBodies: never;
  headers: never;
  pathItems: never;
}

export type $defs = Record<string, never>;

export type external = Record<string, never>;

export type operations = Record<string, never>;

/** A named schema of the API (`Schema<'Program'>`). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name]
/** Why the API refused a call, from the closed lists of the modules' errors.ts. */
export type ErrorReason = components['schemas']['ErrorReason']
/** What is wrong with one field of a refused call. */
export type FieldErrorCode = components['schemas']['FieldErrorCode']
/** The JSON body of a route's successful answer (`ApiResponse<'/api/v1/user/profile', 'get'>`). */
export type ApiResponse<
  Path extends keyof paths,
  Method extends keyof paths[Path],
  Status extends number = 200,
> = paths[Path][Method] extends { responses: infer R }
  ? Status extends keyof R
    ? R[Status] extends { content: { 'application/json': infer Body } }
      ? Body
      : never
    : never
  : never

/** Program owners, acceptors and admins write posts; card holders like and comment (docs/feed.md). */
export const mayPost = (type: number | undefined): boolean => type === 1 || type === 2 || type === 4

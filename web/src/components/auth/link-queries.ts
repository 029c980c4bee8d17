import { queryOptions } from '@tanstack/react-query'
import { type Answer, api } from '~/lib/api.ts'

/** `GET manager/invitations/{uuid}`: what an invitation link is, read before signing in. */
export type InvitationPreview = Answer<'/manager/invitations/{uuid}'>['result']

export const linkKeys = {
  invitationPreview: (uuid: string, token: string) => ['links', 'invitation', uuid, token] as const,
}

/** The invitation of an e-mail link (`?invitation=<uuid>&invite=<token>`), with the link's secret. */
export const invitationPreviewQueryOptions = (uuid: string, token: string) =>
  queryOptions({
    queryKey: linkKeys.invitationPreview(uuid, token),
    queryFn: async () =>
      (
        await api.get<Answer<'/manager/invitations/{uuid}'>>(
          `/manager/invitations/${encodeURIComponent(uuid)}`,
          { query: { invite_token: token } },
        )
      ).result,
  })

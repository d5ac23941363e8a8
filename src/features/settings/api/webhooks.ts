import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { handleError } from '@/lib/errors';
import { invokeFunction } from '@/lib/invoke-function';
import { supabase } from '@/lib/supabase';
import type { WebhookEvent } from '../webhook-events';

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEvent[];
  active: boolean;
  created_at: string;
}

export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  event_type: string;
  status: 'pending' | 'delivering' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string;
  created_at: string;
  delivered_at: string | null;
}

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: () => [...webhookKeys.all, 'deliveries'] as const,
};

export async function listEndpoints(): Promise<WebhookEndpoint[]> {
  const { data, error } = await supabase().from('webhook_endpoints').select('id, url, description, events, active, created_at').order('created_at');
  if (error) handleError(error);
  return (data ?? []) as WebhookEndpoint[];
}

export async function listDeliveries(): Promise<WebhookDelivery[]> {
  const { data, error } = await supabase()
    .from('webhook_deliveries')
    .select('id, endpoint_id, event_type, status, attempts, last_status_code, last_error, next_attempt_at, created_at, delivered_at')
    .order('created_at', { ascending: false })
    .limit(50);
  if (error) handleError(error);
  return (data ?? []) as WebhookDelivery[];
}

const FAILED = 'Webhook request failed';

export function createEndpoint(input: { url: string; events: WebhookEvent[]; description: string }) {
  return invokeFunction<{ endpoint: WebhookEndpoint; secret: string }>('webhook-endpoints', { action: 'create', ...input }, FAILED);
}

export function rotateSecret(endpointId: string) {
  return invokeFunction<{ secret: string }>('webhook-endpoints', { action: 'rotate_secret', endpoint_id: endpointId }, FAILED);
}

export function sendTestEvent(endpointId: string) {
  return invokeFunction<{ delivery_id: string }>('webhook-endpoints', { action: 'test', endpoint_id: endpointId }, FAILED);
}

export function resendDelivery(deliveryId: string) {
  return invokeFunction<{ delivery_id: string }>('webhook-endpoints', { action: 'resend', delivery_id: deliveryId }, FAILED);
}

export async function setEndpointActive(id: string, active: boolean): Promise<void> {
  const { error } = await supabase().from('webhook_endpoints').update({ active }).eq('id', id);
  if (error) handleError(error, FAILED);
}

export async function deleteEndpoint(id: string): Promise<void> {
  const { error } = await supabase().from('webhook_endpoints').delete().eq('id', id);
  if (error) handleError(error, FAILED);
}

export const endpointsQuery = () => queryOptions({ queryKey: webhookKeys.endpoints(), queryFn: listEndpoints });

export function useEndpoints() {
  return useQuery(endpointsQuery());
}

/** The log refreshes every 2 s while something is still on its way. */
export function useDeliveries() {
  return useQuery({
    queryKey: webhookKeys.deliveries(),
    queryFn: listDeliveries,
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending' || d.status === 'delivering') ? 2000 : false),
  });
}

/** Every webhook query (endpoints and log) is read again before the mutation settles. */
function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

/** Resolves with the new endpoint and its signing secret, which is shown only once. */
export function useCreateWebhookEndpoint() {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: createEndpoint, onSuccess: refresh });
}

export function useSetEndpointActive(endpointId: string) {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: (active: boolean) => setEndpointActive(endpointId, active), onSuccess: refresh });
}

export function useSendTestEvent(endpointId: string) {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: () => sendTestEvent(endpointId), onSuccess: refresh });
}

/** Resolves with the new secret; nothing listed changes. */
export function useRotateSecret(endpointId: string) {
  return useMutation({ mutationFn: () => rotateSecret(endpointId) });
}

/**
 * `onDeleted` runs after the refresh as the mutation's own callback, not `mutate`'s: the refreshed
 * list no longer holds the row that asked.
 */
export function useDeleteEndpoint(endpointId: string, onDeleted: () => void) {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: () => deleteEndpoint(endpointId),
    onSuccess: async () => {
      await refresh();
      onDeleted();
    },
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendDelivery, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries() }) });
}

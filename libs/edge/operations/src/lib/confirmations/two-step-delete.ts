/**
 * Two-step delete for callers without a session (REST) on top of the forget use case (behaviour §4.5, §8.2): the first request makes
 * the use case's first call and answers with a confirmation token; the second, with that token from
 * the same key before it expires, makes the use case's second call, which deletes. A wrong, expired,
 * used or foreign token never reaches the use case, so nothing is deleted. Tokens and the use case's
 * pending state are in the shared state, so the two requests may be served by different replicas.
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Clock } from '@kioku/kernel';
import { SHARED_STATE_TOKENS, type SharedState } from '@kioku/shared-state';
import {
  FORGETTING_TOKENS,
  ForgetUseCase,
  type ForgetResult,
  type ForgettingSettings,
} from '@kioku/forgetting';
import { conflict, memoryNotFound } from '../rest.errors';
import { ConfirmationError } from './confirmation.errors';
import { DeleteConfirmations } from './delete-confirmations';

export type IdsResult = Extract<ForgetResult, { mode: 'ids' }>;

/** Who deletes: the key (the confirmation is bound to it) and the namespace the key is bound to. */
export interface Requester {
  keyId: string;
  namespace: string;
}

export interface DeleteRequested {
  token: string;
  expiresAt: string;
  pending: IdsResult['pending'][number];
}

@injectable()
export class TwoStepDelete {
  private readonly confirmations: DeleteConfirmations;

  constructor(
    @inject(ForgetUseCase) private readonly forget: ForgetUseCase,
    @inject(FORGETTING_TOKENS.Settings) settings: ForgettingSettings,
    @inject(KERNEL_TOKENS.Clock) clock: Clock,
    @inject(SHARED_STATE_TOKENS.SharedState) state: SharedState,
  ) {
    this.confirmations = new DeleteConfirmations(state, clock, settings.confirmationWindowMs);
  }

  /** First step: asks for confirmation; nothing is deleted. */
  async request(caller: Requester, memoryId: string): Promise<DeleteRequested> {
    const { token, confirmation } = await this.confirmations.issue(caller.keyId, memoryId);
    let result: IdsResult;
    try {
      result = await this.forgetOne(caller, memoryId, confirmation.forgetCallerId);
    } catch (error) {
      await this.confirmations.withdraw(token);
      throw error;
    }
    const pending = result.pending[0];
    if (!pending) {
      await this.confirmations.withdraw(token);
      throw failure(result, memoryId);
    }
    return { token, expiresAt: new Date(confirmation.expiresAt).toISOString(), pending };
  }

  /** Second step: deletes when the token is this key's, for this memory, and not expired. */
  async confirm(caller: Requester, memoryId: string, token: string): Promise<IdsResult> {
    const check = await this.confirmations.redeem(token, caller.keyId, memoryId);
    switch (check.status) {
      case 'unknown':
        throw new ConfirmationError(
          'CONFIRMATION_INVALID',
          'Unknown or already used confirmation token. Nothing was deleted.',
        );
      case 'other_memory':
        throw new ConfirmationError(
          'CONFIRMATION_INVALID',
          'This confirmation token is for another memory. Nothing was deleted.',
        );
      case 'other_key':
        throw new ConfirmationError(
          'FORBIDDEN',
          'This confirmation token belongs to another API key. Nothing was deleted.',
        );
      case 'expired':
        throw expired();
      case 'valid':
        break;
    }
    const result = await this.forgetOne(caller, memoryId, check.confirmation.forgetCallerId);
    if (result.forgotten.length === 1) return result;
    if (result.pending.length > 0) throw expired();
    throw failure(result, memoryId);
  }

  private async forgetOne(caller: Requester, memoryId: string, callerId: string): Promise<IdsResult> {
    const result = await this.forget.execute({ memoryId }, { namespace: caller.namespace, callerId });
    if (result.mode !== 'ids') throw new Error(`forget by id answered in mode ${result.mode}`);
    return result;
  }
}

function failure(result: IdsResult, memoryId: string): Error {
  const refusal = result.refused[0];
  if (!refusal) return memoryNotFound(memoryId);
  return refusal.reason === 'pinned'
    ? conflict(
        `Not deleted: ${refusal.memory.id} is pinned (importance 5). Lower its importance with PATCH /v1/memories/${refusal.memory.id} first.`,
      )
    : conflict(
        `Not deleted: ${refusal.memory.id} is in the protected category "${refusal.memory.category}"; protected categories cannot be forgotten.`,
      );
}

function expired(): ConfirmationError {
  return new ConfirmationError(
    'CONFIRMATION_EXPIRED',
    'The confirmation token expired. Nothing was deleted; send DELETE without a token to start again.',
  );
}

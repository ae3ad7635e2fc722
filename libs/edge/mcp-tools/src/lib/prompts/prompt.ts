/**
 * A prompt kioku offers (`prompts/list`, `prompts/get`): what clients show as a slash command or a
 * menu item — a name, a title, a description, string arguments (each described, its values completed
 * where it has a completer) — and the one user message it gives, built from what the app reads.
 */
import type { Container } from 'inversify';
import type { z } from 'zod';
import type { CallContext } from '@kioku/call-context';
import type { Completers } from '../completion/completers';

/** What a prompt's message may read: the app, the session's caller, the time, the completions' vocabulary. */
interface PromptReads {
  container: Container;
  context: CallContext;
  now: Date;
  completers: Completers;
}

export interface KiokuPrompt<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  /** The arguments, built per session with its completers. */
  arguments(complete: Completers): Shape;
  /** The text of the user message the prompt gives. */
  message(args: z.output<z.ZodObject<Shape>>, reads: PromptReads): Promise<string>;
}

/** A prompt, its arguments and message checked against each other; the list holds them untyped. */
export function definePrompt<Shape extends z.ZodRawShape>(prompt: KiokuPrompt<Shape>): KiokuPrompt {
  return prompt;
}

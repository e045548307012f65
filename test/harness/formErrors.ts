// Discord's validation error shape: field errors collected under their path and answered as
// 400 { code: 50035, message: 'Invalid Form Body', errors: { <path>: { _errors: [{ code, message }] } } }.

import type { JsonObject } from './types.js';

export type FieldPath = (string | number)[];

export interface FieldError {
  path: FieldPath;
  code: string;
  message: string;
}

/** Discord counts characters, not UTF-16 units. */
export function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects field errors under a path prefix (e.g. ['data'] for interaction callbacks). */
export class FormErrors {
  readonly list: FieldError[] = [];

  add(path: FieldPath, code: string, message: string): void {
    this.list.push({ path, code, message });
  }

  required(path: FieldPath, value: unknown): boolean {
    if (value === undefined || value === null || value === '') {
      this.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
      return false;
    }
    return true;
  }

  /** Checks an optional string's length; `min` > 0 also makes it required. */
  length(path: FieldPath, value: unknown, min: number, max: number): void {
    if (value === undefined || value === null || (value === '' && min > 0)) {
      if (min > 0) this.required(path, value);
      return;
    }
    if (typeof value !== 'string') {
      this.add(path, 'BASE_TYPE_STRING', 'Could not interpret value as string.');
      return;
    }
    const n = charLength(value);
    if (min > 0 && (n < min || n > max)) {
      this.add(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${max} in length.`);
    } else if (n > max) {
      this.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
    }
  }

  arrayMax(path: FieldPath, value: unknown[], max: number): void {
    if (value.length > max) this.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
  }

  get empty(): boolean {
    return this.list.length === 0;
  }
}

/** Turns flat field errors into Discord's nested `errors` object. */
export function errorTree(errors: readonly FieldError[]): JsonObject {
  const root: JsonObject = {};
  for (const error of errors) {
    let node = root;
    for (const segment of error.path) {
      const key = String(segment);
      const child = node[key];
      if (isObject(child)) {
        node = child;
      } else {
        const created: JsonObject = {};
        node[key] = created;
        node = created;
      }
    }
    const list = (node._errors as { code: string; message: string }[] | undefined) ?? [];
    list.push({ code: error.code, message: error.message });
    node._errors = list;
  }
  return root;
}

export function describeErrors(errors: readonly FieldError[]): string {
  return errors.map((e) => `${e.path.join('.') || '(body)'}: ${e.code} ${e.message}`).join('; ');
}

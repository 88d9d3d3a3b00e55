// The tracking calls' refusals (issue 11). Only API clients read them (the storefront ignores census
// failures and logs the pipeline's status), so they are worded for a developer.
export const trackingMessages = {
  notJson: (field: string) => `The tracking field ${field} is not valid JSON.`,
  fieldInvalid: (field: string) => `The tracking field ${field} is missing or invalid.`,
  fieldTooLarge: (field: string) => `The tracking field ${field} is over its limit.`,
  tooManyKeys: (field: string, limit: number) => `The tracking field ${field} has more than ${limit} names.`,
  tooDeep: (field: string, limit: number) => `The tracking field ${field} nests deeper than ${limit} levels.`,
  unknownEvent: (name: string) => `Unknown tracking event: ${name.slice(0, 100)}.`,
  unknownSchema: (name: string) => `Unknown event schema: ${name.slice(0, 100)}.`,
  bodyTooLarge: "The tracking payload is over its size limit.",
  shed: "Too many tracking events right now: this one was not recorded.",
} as const;

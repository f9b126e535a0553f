/** The endpoint families: scopes open them, and the error rows of spec section 7 are written per family. */
export const endpointFamilies = ['chat', 'completions', 'responses', 'embeddings', 'moderations', 'audio', 'voice', 'models', 'settings'] as const;
export type EndpointFamily = (typeof endpointFamilies)[number];

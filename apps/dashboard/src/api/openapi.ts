// Generated from the gateway's /openapi.json by openapi-typescript (enumValues); do not edit.
// apps/http-gateway/src/dashboard/dashboard-api.int.spec.ts checks it; KIOKU_WRITE_GENERATED=1 rewrites it.
export interface paths {
    "/v1/wake-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wake up
         * @description Call at the start of a session: a short orientation on your memory.
         */
        get: operations["wake_up"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remember
         * @description Save a memory. A near-duplicate is refused and shown (force=true saves anyway). Similar memories get linked. private=true keeps it out of files and logs. Over REST a saved memory answers 201; a near-duplicate answers 200 with status "duplicate" and the existing memory.
         */
        post: operations["remember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remember many
         * @description Save many memories at once (e.g. a conversation), in order: one result per item, as remember gives. Calls made while another is running are stored after it, in the order they arrive. memories: up to KIOKU_MAX_BATCH_SIZE (default 128) items, embedded in one pass; duplicates of stored memories and of earlier items refused, similar memories linked (within the batch too), the conversation thread kept in input order. One result per item, in input order: saved, duplicate, or error (that item refused, the others saved). A larger batch is refused whole (422). Batches sent to one namespace while another is in flight are each checked against the ones before it, and embedded while the one before is stored: to load many memories, keep two in flight.
         */
        post: operations["remember_batch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recall": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Recall
         * @description Find memories by meaning and by words (names, numbers, any language). Each result shows its id and private: true|false. At most 20 results (n_results, default 3).
         */
        post: operations["recall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A memory with its links (and the memory at each other end) and its episodes
         * @description Counts no access. A private memory is returned to its own namespace, marked private.
         */
        get: operations["get_memory"];
        put?: never;
        post?: never;
        /**
         * Forget: delete a memory in two steps
         * @description Delete by exact id in two calls: the first call with memory_id(s) only asks for confirmation; the same id again within 5 minutes deletes it (restore undoes it). A client that can ask its user asks them instead, in one call. query lists candidates, deleting nothing. sweep: true reports auto-forget candidates (dry run); then dry_run: false drops exactly those. Pinned and protected memories are kept. Over REST, without a token nothing is deleted: the answer is 202 with a confirmation token, a preview and when the token expires. With the token (?confirm=<token> or the kioku-confirmation-token header), from the same key before it expires: deletes (restorable from the trash).
         */
        delete: operations["delete_memory"];
        options?: never;
        head?: never;
        /**
         * Update a memory
         * @description Change a memory by id (importance 5 pins it). Any of content, category, importance, emotion, tags, private.
         */
        patch: operations["update_memory"];
        trace?: never;
    };
    "/v1/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link two memories
         * @description Link two memories by id in both directions.
         */
        post: operations["link_memories"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forget/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Forget: list deletion candidates for a query (deletes nothing)
         * @description Delete by exact id in two calls: the first call with memory_id(s) only asks for confirmation; the same id again within 5 minutes deletes it (restore undoes it). A client that can ask its user asks them instead, in one call. query lists candidates, deleting nothing. sweep: true reports auto-forget candidates (dry run); then dry_run: false drops exactly those. Pinned and protected memories are kept.
         */
        post: operations["forget_query"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forget/sweep": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Forget: auto-forget dry run: what the policy would drop and what is fading
         * @description Delete by exact id in two calls: the first call with memory_id(s) only asks for confirmation; the same id again within 5 minutes deletes it (restore undoes it). A client that can ask its user asks them instead, in one call. query lists candidates, deleting nothing. sweep: true reports auto-forget candidates (dry run); then dry_run: false drops exactly those. Pinned and protected memories are kept. Deletes nothing. Its drop list can be executed by the same key within the confirmation window.
         */
        post: operations["forget_sweep"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forget/sweep/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Forget: drop exactly what this key's recent dry run listed
         * @description Delete by exact id in two calls: the first call with memory_id(s) only asks for confirmation; the same id again within 5 minutes deletes it (restore undoes it). A client that can ask its user asks them instead, in one call. query lists candidates, deleting nothing. sweep: true reports auto-forget candidates (dry run); then dry_run: false drops exactly those. Pinned and protected memories are kept.
         */
        post: operations["forget_sweep_execute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore from the trash
         * @description Bring a forgotten memory back from the trash, with its links.
         */
        post: operations["restore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/episodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an episode
         * @description Group memories (by id) of one event under a summary. A client that lends its model may leave summary out: the model drafts it from the public memories. Unknown ids are dropped (listed in droppedIds); none valid is a 404.
         */
        post: operations["create_episode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/episodes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an episode
         * @description Show an episode and its memories that still exist.
         */
        get: operations["get_episode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consolidate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Consolidate
         * @description Tidy recent memory (window_hours, default 24): link, prune weak links, list near-duplicates and fading memories. A client that lends its model may ask it for an episode summary of the window: episode "draft" (not saved) or "save".
         */
        post: operations["consolidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge two memories
         * @description Fold remove_id into keep_id (optionally with merged_content); links carry over, remove_id goes to the trash. A client that can ask its user asks them first.
         */
        post: operations["merge_memories"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trash": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deleted memories that can be restored, newest deletion first
         * @description limit: at most this many entries (default 50, up to 200); total counts them all.
         */
        get: operations["list_trash"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The namespace's memories counted: in total, private, pinned, per day, per category, per tag, and its history (added, forgotten and the total per day) */
        get: operations["namespace_stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/worker/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The worker's recent job reports for this namespace, newest first
         * @description Read from the data dir the worker writes to (counts, ids and details; never memory text). limit: default 50, up to 200.
         */
        get: operations["worker_reports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open the session's server-to-client event stream
         * @description MCP Streamable HTTP transport (protocol errors are JSON-RPC errors). Send Mcp-Session-Id after initialize.
         */
        get: operations["mcp_get"];
        put?: never;
        /**
         * Send MCP JSON-RPC messages (initialize opens a session; its id comes back in Mcp-Session-Id)
         * @description MCP Streamable HTTP transport (protocol errors are JSON-RPC errors). Send Mcp-Session-Id after initialize.
         */
        post: operations["mcp_post"];
        /**
         * End the MCP session
         * @description MCP Streamable HTTP transport (protocol errors are JSON-RPC errors). Send Mcp-Session-Id after initialize.
         */
        delete: operations["mcp_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process is up */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the store answers */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (route templates and counts only) */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Problem: {
            /** @description URI naming the problem kind, e.g. urn:kioku:problem:memory-not-found */
            type: string;
            title: string;
            status: number;
            /** @description What went wrong, safe to show (no content of private memories) */
            detail: string;
            /** @enum {string} */
            code: "INVALID_INPUT" | "MEMORY_NOT_FOUND" | "EPISODE_NOT_FOUND" | "LINK_EXISTS" | "CONFLICT" | "STORE_UNAVAILABLE" | "EMBEDDING_UNAVAILABLE" | "BUSY" | "MODEL_MISMATCH" | "CONFIG_INVALID" | "INTERNAL" | "UNAUTHORIZED" | "FORBIDDEN" | "RATE_LIMITED" | "TOO_MANY_IN_FLIGHT" | "REQUEST_TIMEOUT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "MALFORMED_REQUEST" | "ROUTE_NOT_FOUND" | "CONFIRMATION_INVALID" | "CONFIRMATION_EXPIRED" | "SHUTTING_DOWN";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    wake_up: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Counts, recent memories, pending merge candidates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total: number;
                        pendingMergePairs: number;
                        recent: {
                            id: string;
                            content: string;
                            createdAt: string;
                            private: boolean;
                        }[];
                        latestIntrospection: {
                            id: string;
                            content: string;
                            createdAt: string;
                            private: boolean;
                        } | null;
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    remember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    content: string;
                    /** @description e.g. daily, technical */
                    category?: string;
                    /** @description 1-5; 5 pins */
                    importance?: number | string;
                    /** @description e.g. happy, sad, curious */
                    emotion?: string;
                    secondary?: string[];
                    intensity?: number;
                    valence?: number;
                    arousal?: number;
                    tags?: string[];
                    private?: boolean;
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Not saved: a very similar memory exists */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "duplicate";
                        existing: {
                            id: string;
                            content: string;
                            createdAt: string;
                            updatedAt: string;
                            /** @enum {string} */
                            category: "daily" | "philosophical" | "technical" | "memory" | "observation" | "feeling" | "conversation" | "introspection" | "relationship" | "self_discovery" | "dream" | "lesson";
                            importance: number;
                            emotion: {
                                /** @enum {string} */
                                primary: "happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry";
                                secondary: ("happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry")[];
                                intensity: number;
                                valence: number;
                                arousal: number;
                            };
                            tags: string[];
                            private: boolean;
                            accessCount: number;
                            lastAccessedAt: string | null;
                        };
                        similarity: number;
                    };
                };
            };
            /** @description Saved */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "saved";
                        memory: {
                            id: string;
                            content: string;
                            createdAt: string;
                            updatedAt: string;
                            /** @enum {string} */
                            category: "daily" | "philosophical" | "technical" | "memory" | "observation" | "feeling" | "conversation" | "introspection" | "relationship" | "self_discovery" | "dream" | "lesson";
                            importance: number;
                            emotion: {
                                /** @enum {string} */
                                primary: "happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry";
                                secondary: ("happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry")[];
                                intensity: number;
                                valence: number;
                                arousal: number;
                            };
                            tags: string[];
                            private: boolean;
                            accessCount: number;
                            lastAccessedAt: string | null;
                        };
                        linked: {
                            id: string;
                            similarity: number;
                            private: boolean;
                        }[];
                    };
                };
            };
            /** @description Problem: MALFORMED_REQUEST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    remember_batch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description memories to save in order, each as remember takes it */
                    memories: {
                        content: string;
                        /** @description e.g. daily, technical */
                        category?: string;
                        /** @description 1-5; 5 pins */
                        importance?: number | string;
                        /** @description e.g. happy, sad, curious */
                        emotion?: string;
                        secondary?: string[];
                        intensity?: number;
                        valence?: number;
                        arousal?: number;
                        tags?: string[];
                        private?: boolean;
                        force?: boolean;
                    }[];
                };
            };
        };
        responses: {
            /** @description One result per item, in input order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        saved: number;
                        duplicates: number;
                        errors: number;
                        results: ({
                            /** @constant */
                            status: "saved";
                            memory: {
                                id: string;
                                content: string;
                                createdAt: string;
                                updatedAt: string;
                                /** @enum {string} */
                                category: "daily" | "philosophical" | "technical" | "memory" | "observation" | "feeling" | "conversation" | "introspection" | "relationship" | "self_discovery" | "dream" | "lesson";
                                importance: number;
                                emotion: {
                                    /** @enum {string} */
                                    primary: "happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry";
                                    secondary: ("happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry")[];
                                    intensity: number;
                                    valence: number;
                                    arousal: number;
                                };
                                tags: string[];
                                private: boolean;
                                accessCount: number;
                                lastAccessedAt: string | null;
                            };
                            linked: {
                                id: string;
                                similarity: number;
                                private: boolean;
                            }[];
                        } | {
                            /** @constant */
                            status: "duplicate";
                            existing: {
                                id: string;
                                content: string;
                                createdAt: string;
                                updatedAt: string;
                                /** @enum {string} */
                                category: "daily" | "philosophical" | "technical" | "memory" | "observation" | "feeling" | "conversation" | "introspection" | "relationship" | "self_discovery" | "dream" | "lesson";
                                importance: number;
                                emotion: {
                                    /** @enum {string} */
                                    primary: "happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry";
                                    secondary: ("happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry")[];
                                    intensity: number;
                                    valence: number;
                                    arousal: number;
                                };
                                tags: string[];
                                private: boolean;
                                accessCount: number;
                                lastAccessedAt: string | null;
                            };
                            similarity: number;
                        } | {
                            /** @constant */
                            status: "error";
                            error: {
                                code: string;
                                message: string;
                            };
                        })[];
                    };
                };
            };
            /** @description Problem: MALFORMED_REQUEST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    recall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    query: string;
                    n_results?: number;
                    category?: string;
                    emotion?: string;
                    /** @description any of */
                    tags?: string[];
                    /** @description ISO date */
                    date_from?: string;
                    /** @description ISO date */
                    date_to?: string;
                    include_private?: boolean;
                };
            };
        };
        responses: {
            /** @description Ranked memories */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            id: string;
                            content: string;
                            createdAt: string;
                            updatedAt: string;
                            /** @enum {string} */
                            category: "daily" | "philosophical" | "technical" | "memory" | "observation" | "feeling" | "conversation" | "introspection" | "relationship" | "self_discovery" | "dream" | "lesson";
                            importance: number;
                            emotion: {
                                /** @enum {string} */
                                primary: "happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry";
                                secondary: ("happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry")[];
                                intensity: number;
                                valence: number;
                                arousal: number;
                            };
                            tags: string[];
                            private: boolean;
                            accessCount: number;
                            lastAccessedAt: string | null;
                            similarity: number;
                            score: number;
                            /** @enum {string} */
                            source: "vector" | "lexical" | "context" | "link";
                        }[];
                    };
                };
            };
            /** @description Problem: MALFORMED_REQUEST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    get_memory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The memory */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        memory: {
                            id: string;
                            content: string;
                            createdAt: string;
                            updatedAt: string;
                            /** @enum {string} */
                            category: "daily" | "philosophical" | "technical" | "memory" | "observation" | "feeling" | "conversation" | "introspection" | "relationship" | "self_discovery" | "dream" | "lesson";
                            importance: number;
                            emotion: {
                                /** @enum {string} */
                                primary: "happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry";
                                secondary: ("happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry")[];
                                intensity: number;
                                valence: number;
                                arousal: number;
                            };
                            tags: string[];
                            private: boolean;
                            accessCount: number;
                            lastAccessedAt: string | null;
                        };
                        links: {
                            /** @enum {string} */
                            type: "similar" | "caused_by" | "leads_to" | "related";
                            confidence: number;
                            note: string;
                            createdAt: string;
                            memory: {
                                id: string;
                                content: string;
                                private: boolean;
                            };
                        }[];
                        episodes: {
                            episodeId: string;
                            summary: string;
                            memoryIds: string[];
                            startTime: string;
                            endTime: string;
                            importance: number;
                        }[];
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: MEMORY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    delete_memory: {
        parameters: {
            query?: {
                confirm?: string;
            };
            header?: {
                /** @description The confirmation token (alternative to ?confirm=). */
                "kioku-confirmation-token"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        mode: "ids";
                        forgotten: string[];
                        pending: {
                            id: string;
                            requestCount: number;
                            requestedAt: string;
                        }[];
                        notFound: string[];
                        refused: {
                            id: string;
                            /** @enum {string} */
                            reason: "pinned" | "protected_category";
                        }[];
                        restorableUntil: string | null;
                    };
                };
            };
            /** @description Confirmation required (nothing deleted) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "confirmation_required";
                        confirmationToken: string;
                        expiresAt: string;
                        preview: {
                            id: string;
                            content: string;
                            createdAt: string;
                            private: boolean;
                        };
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: MEMORY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: CONFLICT, CONFIRMATION_INVALID, CONFIRMATION_EXPIRED */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    update_memory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    content?: string;
                    /** @description e.g. daily, technical */
                    category?: string;
                    /** @description 1-5; 5 pins */
                    importance?: number | string;
                    /** @description e.g. happy, sad, curious */
                    emotion?: string;
                    secondary?: string[];
                    intensity?: number;
                    valence?: number;
                    arousal?: number;
                    tags?: string[];
                    private?: boolean;
                };
            };
        };
        responses: {
            /** @description Updated or unchanged */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "updated";
                        memory: {
                            id: string;
                            content: string;
                            createdAt: string;
                            updatedAt: string;
                            /** @enum {string} */
                            category: "daily" | "philosophical" | "technical" | "memory" | "observation" | "feeling" | "conversation" | "introspection" | "relationship" | "self_discovery" | "dream" | "lesson";
                            importance: number;
                            emotion: {
                                /** @enum {string} */
                                primary: "happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry";
                                secondary: ("happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry")[];
                                intensity: number;
                                valence: number;
                                arousal: number;
                            };
                            tags: string[];
                            private: boolean;
                            accessCount: number;
                            lastAccessedAt: string | null;
                        };
                        changed: ("content" | "category" | "importance" | "emotion" | "tags" | "private")[];
                        relinked: number;
                    } | {
                        /** @constant */
                        status: "unchanged";
                        memory: {
                            id: string;
                            content: string;
                            createdAt: string;
                            updatedAt: string;
                            /** @enum {string} */
                            category: "daily" | "philosophical" | "technical" | "memory" | "observation" | "feeling" | "conversation" | "introspection" | "relationship" | "self_discovery" | "dream" | "lesson";
                            importance: number;
                            emotion: {
                                /** @enum {string} */
                                primary: "happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry";
                                secondary: ("happy" | "sad" | "surprised" | "moved" | "excited" | "nostalgic" | "curious" | "neutral" | "melancholy" | "anxious" | "contentment" | "frustrated" | "calm" | "contemplative" | "thoughtful" | "grateful" | "vulnerable" | "content" | "fulfilled" | "touched" | "concerned" | "hopeful" | "peaceful" | "love" | "warm" | "lonely" | "afraid" | "ashamed" | "bored" | "angry")[];
                                intensity: number;
                                valence: number;
                                arousal: number;
                            };
                            tags: string[];
                            private: boolean;
                            accessCount: number;
                            lastAccessedAt: string | null;
                        };
                    };
                };
            };
            /** @description Problem: MALFORMED_REQUEST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: MEMORY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    link_memories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    source_id: string;
                    target_id: string;
                    /** @enum {string} */
                    link_type?: "similar" | "caused_by" | "leads_to" | "related";
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Linked */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "linked";
                        sourceId: string;
                        targetId: string;
                        /** @enum {string} */
                        type: "similar" | "caused_by" | "leads_to" | "related";
                        confidence: number;
                        memories: {
                            id: string;
                            private: boolean;
                        }[];
                    };
                };
            };
            /** @description Problem: MALFORMED_REQUEST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: MEMORY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: LINK_EXISTS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    forget_query: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    query: string;
                };
            };
        };
        responses: {
            /** @description Up to 5 candidates with ids */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        mode: "query";
                        candidates: {
                            id: string;
                            content: string;
                            similarity: number;
                            private: boolean;
                        }[];
                    };
                };
            };
            /** @description Problem: MALFORMED_REQUEST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    forget_sweep: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dry-run report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        mode: "sweep_report";
                        scanned: number;
                        toDrop: number;
                        toCompress: number;
                        protected: number;
                        sampleIdsToDrop: {
                            id: string;
                            risk: number;
                            heat: number;
                            days: number;
                        }[];
                        sampleIdsToCompress: {
                            id: string;
                            risk: number;
                            heat: number;
                            days: number;
                        }[];
                        sampleIdsProtected: {
                            id: string;
                            risk: number;
                            heat: number;
                            days: number;
                        }[];
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    forget_sweep_execute: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dropped (restorable from the trash) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        mode: "sweep_executed";
                        dropped: string[];
                        kept: string[];
                        restorableUntil: string | null;
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Restored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "restored";
                        memoryId: string;
                        linksRestored: number;
                        linksSkipped: number;
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: MEMORY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    create_episode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    memory_ids: string[];
                    summary: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        episodeId: string;
                        memoryIds: string[];
                        droppedIds: string[];
                        memories: {
                            id: string;
                            private: boolean;
                        }[];
                        /** @constant */
                        summaryDrafted?: true;
                    };
                };
            };
            /** @description Problem: MALFORMED_REQUEST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: MEMORY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    get_episode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The episode */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "found";
                        episodeId: string;
                        summary: string;
                        memoryIds: string[];
                        memories: {
                            id: string;
                            content: string;
                            private: boolean;
                        }[];
                        startTime: string;
                        endTime: string;
                        importance: number;
                        missingCount: number;
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: EPISODE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    consolidate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    window_hours?: number;
                    dry_run?: boolean;
                };
            };
        };
        responses: {
            /** @description What consolidation did and proposes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dryRun: boolean;
                        windowHours: number;
                        replayed: number;
                        coactivations: number;
                        linksCreated: number;
                        linksStrengthened: number;
                        linksPruned: number;
                        refreshed: number;
                        episodeIdsDropped: number;
                        mergeCandidates: {
                            a: {
                                id: string;
                                content: string;
                                private: boolean;
                            };
                            b: {
                                id: string;
                                content: string;
                                private: boolean;
                            };
                            similarity: number;
                        }[];
                        fading: {
                            id: string;
                            content: string;
                            private: boolean;
                        }[];
                        episodeDraft?: {
                            memoryIds: string[];
                            summary?: string;
                            episodeId?: string;
                            /** @enum {string} */
                            noDraft?: "refused" | "empty" | "nothing_public";
                        };
                    };
                };
            };
            /** @description Problem: MALFORMED_REQUEST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    merge_memories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    keep_id: string;
                    remove_id: string;
                    merged_content?: string;
                };
            };
        };
        responses: {
            /** @description Merged */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "merged";
                        keptId: string;
                        removedId: string;
                        linksMoved: number;
                        contentChanged: boolean;
                        memories: {
                            id: string;
                            private: boolean;
                        }[];
                    };
                };
            };
            /** @description Problem: MALFORMED_REQUEST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: MEMORY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    list_trash: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trash */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total: number;
                        entries: {
                            id: string;
                            content: string;
                            private: boolean;
                            category: string;
                            importance: number;
                            deletedAt: string;
                            /** @enum {string} */
                            reason: "forget" | "auto_forget" | "merge";
                            linkCount: number;
                        }[];
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    namespace_stats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Statistics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total: number;
                        private: number;
                        pinned: number;
                        createdPerDay: {
                            day: string;
                            count: number;
                        }[];
                        history: {
                            day: string;
                            added: number;
                            forgotten: number;
                            total: number;
                        }[];
                        categories: {
                            name: string;
                            count: number;
                        }[];
                        tags: {
                            name: string;
                            count: number;
                        }[];
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    worker_reports: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Job reports */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reports: {
                            job: string;
                            startedAt: string;
                            durationMs: number;
                            /** @enum {string} */
                            status: "ok" | "skipped" | "failed" | "interrupted";
                            counts: {
                                [key: string]: number;
                            };
                            details: {
                                [key: string]: string;
                            };
                            skipReason?: string;
                            error?: {
                                code: string;
                                message: string;
                            };
                        }[];
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INVALID_INPUT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    mcp_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The session id returned by initialize. */
                "mcp-session-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON-RPC response(s), as JSON or an event stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": unknown;
                };
            };
            /** @description JSON-RPC error: no valid session id (send initialize first) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON-RPC error: unknown session, or another key's session */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON-RPC error: too many open sessions, or shutting down */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    mcp_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The session id returned by initialize. */
                "mcp-session-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON-RPC response(s), as JSON or an event stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": unknown;
                };
            };
            /** @description Notification accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description JSON-RPC error: no valid session id (send initialize first) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON-RPC error: unknown session, or another key's session */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON-RPC error: too many open sessions, or shutting down */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    mcp_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description The session id returned by initialize. */
                "mcp-session-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Session ended (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description JSON-RPC error: no valid session id (send initialize first) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON-RPC error: unknown session, or another key's session */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Problem: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON-RPC error: too many open sessions, or shutting down */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ready";
                    };
                };
            };
            /** @description Problem: STORE_UNAVAILABLE, SHUTTING_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text format */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
}
type FlattenedDeepRequired<T> = {
    [K in keyof T]-?: FlattenedDeepRequired<T[K] extends unknown[] | undefined | null ? Extract<T[K], unknown[]>[number] : T[K]>;
};
type ReadonlyArray<T> = [
    Exclude<T, undefined>
] extends [
    unknown[]
] ? Readonly<Exclude<T, undefined>> : Readonly<Exclude<T, undefined>[]>;
export const pathsV1MemoriesPostResponses200ContentApplicationJsonExistingCategoryValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/memories"]["post"]["responses"]["200"]["content"]["application/json"]["existing"]["category"]> = ["daily", "philosophical", "technical", "memory", "observation", "feeling", "conversation", "introspection", "relationship", "self_discovery", "dream", "lesson"];
export const pathsV1MemoriesPostResponses200ContentApplicationJsonExistingEmotionPrimaryValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/memories"]["post"]["responses"]["200"]["content"]["application/json"]["existing"]["emotion"]["primary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1MemoriesPostResponses200ContentApplicationJsonExistingEmotionSecondaryValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/memories"]["post"]["responses"]["200"]["content"]["application/json"]["existing"]["emotion"]["secondary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1MemoriesPostResponses201ContentApplicationJsonMemoryCategoryValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/memories"]["post"]["responses"]["201"]["content"]["application/json"]["memory"]["category"]> = ["daily", "philosophical", "technical", "memory", "observation", "feeling", "conversation", "introspection", "relationship", "self_discovery", "dream", "lesson"];
export const pathsV1MemoriesPostResponses201ContentApplicationJsonMemoryEmotionPrimaryValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/memories"]["post"]["responses"]["201"]["content"]["application/json"]["memory"]["emotion"]["primary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1MemoriesPostResponses201ContentApplicationJsonMemoryEmotionSecondaryValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/memories"]["post"]["responses"]["201"]["content"]["application/json"]["memory"]["emotion"]["secondary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1MemoriesBatchPostResponses200ContentApplicationJsonResultsOneOf0MemoryCategoryValues: ReadonlyArray<Extract<Extract<FlattenedDeepRequired<paths>["/v1/memories/batch"]["post"]["responses"]["200"]["content"]["application/json"]["results"], {
    memory: unknown;
}>["memory"], {
    category: unknown;
}>["category"]> = ["daily", "philosophical", "technical", "memory", "observation", "feeling", "conversation", "introspection", "relationship", "self_discovery", "dream", "lesson"];
export const pathsV1MemoriesBatchPostResponses200ContentApplicationJsonResultsOneOf0MemoryEmotionPrimaryValues: ReadonlyArray<Extract<Extract<Extract<FlattenedDeepRequired<paths>["/v1/memories/batch"]["post"]["responses"]["200"]["content"]["application/json"]["results"], {
    memory: unknown;
}>["memory"], {
    emotion: unknown;
}>["emotion"], {
    primary: unknown;
}>["primary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1MemoriesBatchPostResponses200ContentApplicationJsonResultsOneOf0MemoryEmotionSecondaryValues: ReadonlyArray<Extract<Extract<Extract<FlattenedDeepRequired<paths>["/v1/memories/batch"]["post"]["responses"]["200"]["content"]["application/json"]["results"], {
    memory: unknown;
}>["memory"], {
    emotion: unknown;
}>["emotion"], {
    secondary: unknown;
}>["secondary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1MemoriesBatchPostResponses200ContentApplicationJsonResultsOneOf1ExistingCategoryValues: ReadonlyArray<Extract<Extract<FlattenedDeepRequired<paths>["/v1/memories/batch"]["post"]["responses"]["200"]["content"]["application/json"]["results"], {
    existing: unknown;
}>["existing"], {
    category: unknown;
}>["category"]> = ["daily", "philosophical", "technical", "memory", "observation", "feeling", "conversation", "introspection", "relationship", "self_discovery", "dream", "lesson"];
export const pathsV1MemoriesBatchPostResponses200ContentApplicationJsonResultsOneOf1ExistingEmotionPrimaryValues: ReadonlyArray<Extract<Extract<Extract<FlattenedDeepRequired<paths>["/v1/memories/batch"]["post"]["responses"]["200"]["content"]["application/json"]["results"], {
    existing: unknown;
}>["existing"], {
    emotion: unknown;
}>["emotion"], {
    primary: unknown;
}>["primary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1MemoriesBatchPostResponses200ContentApplicationJsonResultsOneOf1ExistingEmotionSecondaryValues: ReadonlyArray<Extract<Extract<Extract<FlattenedDeepRequired<paths>["/v1/memories/batch"]["post"]["responses"]["200"]["content"]["application/json"]["results"], {
    existing: unknown;
}>["existing"], {
    emotion: unknown;
}>["emotion"], {
    secondary: unknown;
}>["secondary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1RecallPostResponses200ContentApplicationJsonResultsCategoryValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/recall"]["post"]["responses"]["200"]["content"]["application/json"]["results"]["category"]> = ["daily", "philosophical", "technical", "memory", "observation", "feeling", "conversation", "introspection", "relationship", "self_discovery", "dream", "lesson"];
export const pathsV1RecallPostResponses200ContentApplicationJsonResultsEmotionPrimaryValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/recall"]["post"]["responses"]["200"]["content"]["application/json"]["results"]["emotion"]["primary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1RecallPostResponses200ContentApplicationJsonResultsEmotionSecondaryValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/recall"]["post"]["responses"]["200"]["content"]["application/json"]["results"]["emotion"]["secondary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1RecallPostResponses200ContentApplicationJsonResultsSourceValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/recall"]["post"]["responses"]["200"]["content"]["application/json"]["results"]["source"]> = ["vector", "lexical", "context", "link"];
export const pathsV1MemoriesIdGetResponses200ContentApplicationJsonMemoryCategoryValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/memories/{id}"]["get"]["responses"]["200"]["content"]["application/json"]["memory"]["category"]> = ["daily", "philosophical", "technical", "memory", "observation", "feeling", "conversation", "introspection", "relationship", "self_discovery", "dream", "lesson"];
export const pathsV1MemoriesIdGetResponses200ContentApplicationJsonMemoryEmotionPrimaryValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/memories/{id}"]["get"]["responses"]["200"]["content"]["application/json"]["memory"]["emotion"]["primary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1MemoriesIdGetResponses200ContentApplicationJsonMemoryEmotionSecondaryValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/memories/{id}"]["get"]["responses"]["200"]["content"]["application/json"]["memory"]["emotion"]["secondary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1MemoriesIdGetResponses200ContentApplicationJsonLinksTypeValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/memories/{id}"]["get"]["responses"]["200"]["content"]["application/json"]["links"]["type"]> = ["similar", "caused_by", "leads_to", "related"];
export const pathsV1MemoriesIdDeleteResponses200ContentApplicationJsonRefusedReasonValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/memories/{id}"]["delete"]["responses"]["200"]["content"]["application/json"]["refused"]["reason"]> = ["pinned", "protected_category"];
export const pathsV1MemoriesIdPatchResponses200ContentApplicationJsonOneOf0MemoryCategoryValues: ReadonlyArray<Extract<Extract<FlattenedDeepRequired<paths>["/v1/memories/{id}"]["patch"]["responses"]["200"]["content"]["application/json"], {
    memory: unknown;
}>["memory"], {
    category: unknown;
}>["category"]> = ["daily", "philosophical", "technical", "memory", "observation", "feeling", "conversation", "introspection", "relationship", "self_discovery", "dream", "lesson"];
export const pathsV1MemoriesIdPatchResponses200ContentApplicationJsonOneOf0MemoryEmotionPrimaryValues: ReadonlyArray<Extract<Extract<Extract<FlattenedDeepRequired<paths>["/v1/memories/{id}"]["patch"]["responses"]["200"]["content"]["application/json"], {
    memory: unknown;
}>["memory"], {
    emotion: unknown;
}>["emotion"], {
    primary: unknown;
}>["primary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1MemoriesIdPatchResponses200ContentApplicationJsonOneOf0MemoryEmotionSecondaryValues: ReadonlyArray<Extract<Extract<Extract<FlattenedDeepRequired<paths>["/v1/memories/{id}"]["patch"]["responses"]["200"]["content"]["application/json"], {
    memory: unknown;
}>["memory"], {
    emotion: unknown;
}>["emotion"], {
    secondary: unknown;
}>["secondary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1MemoriesIdPatchResponses200ContentApplicationJsonOneOf0ChangedValues: ReadonlyArray<Extract<FlattenedDeepRequired<paths>["/v1/memories/{id}"]["patch"]["responses"]["200"]["content"]["application/json"], {
    changed: unknown;
}>["changed"]> = ["content", "category", "importance", "emotion", "tags", "private"];
export const pathsV1MemoriesIdPatchResponses200ContentApplicationJsonOneOf1MemoryCategoryValues: ReadonlyArray<Extract<Extract<FlattenedDeepRequired<paths>["/v1/memories/{id}"]["patch"]["responses"]["200"]["content"]["application/json"], {
    memory: unknown;
}>["memory"], {
    category: unknown;
}>["category"]> = ["daily", "philosophical", "technical", "memory", "observation", "feeling", "conversation", "introspection", "relationship", "self_discovery", "dream", "lesson"];
export const pathsV1MemoriesIdPatchResponses200ContentApplicationJsonOneOf1MemoryEmotionPrimaryValues: ReadonlyArray<Extract<Extract<Extract<FlattenedDeepRequired<paths>["/v1/memories/{id}"]["patch"]["responses"]["200"]["content"]["application/json"], {
    memory: unknown;
}>["memory"], {
    emotion: unknown;
}>["emotion"], {
    primary: unknown;
}>["primary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1MemoriesIdPatchResponses200ContentApplicationJsonOneOf1MemoryEmotionSecondaryValues: ReadonlyArray<Extract<Extract<Extract<FlattenedDeepRequired<paths>["/v1/memories/{id}"]["patch"]["responses"]["200"]["content"]["application/json"], {
    memory: unknown;
}>["memory"], {
    emotion: unknown;
}>["emotion"], {
    secondary: unknown;
}>["secondary"]> = ["happy", "sad", "surprised", "moved", "excited", "nostalgic", "curious", "neutral", "melancholy", "anxious", "contentment", "frustrated", "calm", "contemplative", "thoughtful", "grateful", "vulnerable", "content", "fulfilled", "touched", "concerned", "hopeful", "peaceful", "love", "warm", "lonely", "afraid", "ashamed", "bored", "angry"];
export const pathsV1LinksPostRequestBodyContentApplicationJsonLink_typeValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/links"]["post"]["requestBody"]["content"]["application/json"]["link_type"]> = ["similar", "caused_by", "leads_to", "related"];
export const pathsV1LinksPostResponses201ContentApplicationJsonTypeValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/links"]["post"]["responses"]["201"]["content"]["application/json"]["type"]> = ["similar", "caused_by", "leads_to", "related"];
export const pathsV1ConsolidatePostResponses200ContentApplicationJsonEpisodeDraftNoDraftValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/consolidate"]["post"]["responses"]["200"]["content"]["application/json"]["episodeDraft"]["noDraft"]> = ["refused", "empty", "nothing_public"];
export const pathsV1TrashGetResponses200ContentApplicationJsonEntriesReasonValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/trash"]["get"]["responses"]["200"]["content"]["application/json"]["entries"]["reason"]> = ["forget", "auto_forget", "merge"];
export const pathsV1WorkerReportsGetResponses200ContentApplicationJsonReportsStatusValues: ReadonlyArray<FlattenedDeepRequired<paths>["/v1/worker/reports"]["get"]["responses"]["200"]["content"]["application/json"]["reports"]["status"]> = ["ok", "skipped", "failed", "interrupted"];
export const problemCodeValues: ReadonlyArray<FlattenedDeepRequired<components>["schemas"]["Problem"]["code"]> = ["INVALID_INPUT", "MEMORY_NOT_FOUND", "EPISODE_NOT_FOUND", "LINK_EXISTS", "CONFLICT", "STORE_UNAVAILABLE", "EMBEDDING_UNAVAILABLE", "BUSY", "MODEL_MISMATCH", "CONFIG_INVALID", "INTERNAL", "UNAUTHORIZED", "FORBIDDEN", "RATE_LIMITED", "TOO_MANY_IN_FLIGHT", "REQUEST_TIMEOUT", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "MALFORMED_REQUEST", "ROUTE_NOT_FOUND", "CONFIRMATION_INVALID", "CONFIRMATION_EXPIRED", "SHUTTING_DOWN"];

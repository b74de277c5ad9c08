// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * The ranking policy the search layer applies, kept in a YAML file. The packaged default ships with @websift/search; `--policy FILE` replaces it.
 */
export type SearchRankingPolicy = SearchPolicy;

/**
 * A complete ranking policy.
 */
export interface SearchPolicy {
  /**
   * Results dropped outright because they cannot answer a question.
   */
  non_answer?: {
    /**
     * Registrable domains (and their subdomains) that never answer questions.
     *
     * Items: A domain such as bestbuy.com.
     */
    hosts?: string[];
    /**
     * Regular expressions matched against the URL path.
     *
     * Items: A regular expression.
     */
    path_patterns?: string[];
    /**
     * URL query parameter names that mark non-answers (search or login pages).
     *
     * Items: A query key.
     */
    query_keys?: string[];
    /**
     * Drop bare home pages (path `/`) unless the host is preferred.
     */
    host_root?: boolean;
  };
  /**
   * Content farms: ranked below every non-demoted result, never dropped.
   *
   * Items: A registrable domain.
   */
  demote_domains?: string[];
  /**
   * Primary sources promoted above default rank.
   *
   * Items: A registrable domain.
   */
  prefer_domains?: string[];
  /**
   * Extra host-to-source_type mappings, merged over the built-in ones.
   */
  source_types?: {
    [k: string]: SearchPolicySourceTypesValue;
  };
  /**
   * Score adjustments.
   */
  ranking?: {
    /**
     * Subtracted from a demoted result's score.
     */
    demote_penalty?: number;
    /**
     * Added to a preferred result's score.
     */
    prefer_bonus?: number;
    /**
     * Added per extra distinct correlation group that returned the result.
     */
    multi_engine_bonus?: number;
  };
  /**
   * Budget for reading the top pages (used by agent-io).
   */
  extraction?: {
    /**
     * Pages read.
     */
    top_n?: number;
    /**
     * Characters of excerpt across all pages.
     */
    total_chars?: number;
    /**
     * Characters of excerpt per page.
     */
    per_item_chars?: number;
    /**
     * Time limit for reading all pages.
     */
    timeout_seconds?: number;
  };
}
export type SearchPolicySourceTypesValue = "official" | "code" | "qa" | "forum" | "discussion" | "web" | "content-farm";

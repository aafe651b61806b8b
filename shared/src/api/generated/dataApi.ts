/**
 * Generated from the data API's contract (server/src/data/openapi/spec.template.yaml) by openapi-typescript.
 * Do not edit: change the contract, then run `npm run generate:api-types -w @skylift/server`.
 */

export interface paths {
    "/v1/packages/gh/{user}/{repo}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
            };
            cookie?: never;
        };
        /**
         * Get repo metadata
         * @description Returns a list of versions for the repository and links to related resources.
         *     The versions are sorted in descending order using `v-compare` ordering.
         */
        get: operations["getRepoMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/gh/{user}/{repo}/resolved": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
            };
            cookie?: never;
        };
        /**
         * Get a resolved version from a range or a tag
         * @description Returns the latest version matching `specifier` or `null` if there is no matching version.
         *     Only valid [semver](https://semver.org/) versions are considered.
         *     Stable versions are prioritized over pre-releases.
         */
        get: operations["getResolvedRepoVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/gh/{user}/{repo}@{version}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get version metadata
         * @description Returns the default file and a list of all files in this version.
         *     An error is returned if the package size exceeds 50 MB (or the limit the operator set for the repository).
         */
        get: operations["getRepoVersionMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/gh/{user}/{repo}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
            };
            cookie?: never;
        };
        /**
         * List repo versions
         * @description Returns the versions as a plain list of names with the tags: what the package metadata lists, without each
         *     version's links, in a fraction of the bytes for a package of thousands of versions.
         *     The versions are sorted in descending order using `v-compare` ordering.
         */
        get: operations["getRepoVersionList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/gh/{user}/{repo}@{version}/manifest": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get version manifest
         * @description Returns what the version's package.json says of the package, read as npm reads it (normalize-package-data
         *     and hosted-git-info): the description, keywords (a comma-separated string becomes a list), homepage, repository
         *     (the `owner/repo` and `github:` shorthands become their address, with its page and owner on the code host),
         *     issue tracker, licence, author and contributors (`Name <email> (url)` becomes a person). A missing homepage or
         *     issue tracker is the repository's, as npm fills them in.
         *     A repository without a package.json is described by its repository alone.
         */
        get: operations["getRepoVersionManifest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/npm/{package}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
            };
            cookie?: never;
        };
        /**
         * Get package metadata
         * @description Returns a list of tags and versions for the package and links to related resources.
         *     The versions are sorted in descending order using `semver` ordering.
         */
        get: operations["getPackageMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/npm/@{scope}/{package}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
            };
            cookie?: never;
        };
        /**
         * Get package metadata (scoped)
         * @description Returns a list of tags and versions for the package and links to related resources.
         *     The versions are sorted in descending order using `semver` ordering.
         */
        get: operations["getScopedPackageMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/npm/{package}/resolved": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
            };
            cookie?: never;
        };
        /**
         * Get a resolved version from a range or a tag
         * @description Returns the latest version matching `specifier` or `null` if there is no matching version.
         *     Non-deprecated versions are prioritized over deprecated ones,
         *     and stable versions are prioritized over pre-releases.
         */
        get: operations["getResolvedPackageVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/npm/@{scope}/{package}/resolved": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
            };
            cookie?: never;
        };
        /**
         * Get a resolved version from a range or a tag (scoped)
         * @description Returns the latest version matching `specifier` or `null` if there is no matching version.
         *     Non-deprecated versions are prioritized over deprecated ones,
         *     and stable versions are prioritized over pre-releases.
         */
        get: operations["getResolvedScopedPackageVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/npm/{package}@{version}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get version metadata
         * @description Returns the default file and a list of all files in this version.
         *     An error is returned if the package size exceeds 150 MB (or the limit the operator set for the package).
         */
        get: operations["getPackageVersionMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/npm/@{scope}/{package}@{version}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get version metadata (scoped)
         * @description Returns the default file and a list of all files in this version.
         *     An error is returned if the package size exceeds 150 MB (or the limit the operator set for the package).
         */
        get: operations["getScopedPackageVersionMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/npm/{package}@{version}/entrypoints": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get version entry points
         * @description Returns the recommended files to use from this package based on package metadata and additional heuristics.
         *     The response includes one file of each supported type (js, css), if available.
         *     The output may change over time as our algorithm improves.
         */
        get: operations["getPackageVersionEntrypoints"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/npm/@{scope}/{package}@{version}/entrypoints": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get version entry points (scoped)
         * @description Returns the recommended files to use from this package based on package metadata and additional heuristics.
         *     The response includes one file of each supported type (js, css), if available.
         *     The output may change over time as our algorithm improves.
         */
        get: operations["getScopedPackageVersionEntrypoints"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/npm/{package}@{version}/advisories": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get version security advisories
         * @description Returns the known security advisories of this version, as the npm registry's advisory database lists them
         *     (the bulk advisory endpoint `npm audit` uses), most severe first. A range or tag is resolved to a version first.
         *     Advisories are published and withdrawn at any time: answers are cached for an hour.
         *     When the registry cannot be asked, the answer is an error (502, or 504 when it did not answer in time), never a count of zero.
         */
        get: operations["getPackageVersionAdvisories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/npm/@{scope}/{package}@{version}/advisories": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get version security advisories (scoped)
         * @description Returns the known security advisories of this version, as the npm registry's advisory database lists them
         *     (the bulk advisory endpoint `npm audit` uses), most severe first. A range or tag is resolved to a version first.
         *     Advisories are published and withdrawn at any time: answers are cached for an hour.
         *     When the registry cannot be asked, the answer is an error (502, or 504 when it did not answer in time), never a count of zero.
         */
        get: operations["getScopedPackageVersionAdvisories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/npm/{package}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
            };
            cookie?: never;
        };
        /**
         * List package versions
         * @description Returns the versions as a plain list of names with the tags: what the package metadata lists, without each
         *     version's links, in a fraction of the bytes for a package of thousands of versions.
         *     The versions are sorted in descending order using `semver` ordering.
         */
        get: operations["getPackageVersionList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/npm/@{scope}/{package}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
            };
            cookie?: never;
        };
        /**
         * List package versions (scoped)
         * @description Returns the versions as a plain list of names with the tags: what the package metadata lists, without each
         *     version's links, in a fraction of the bytes for a package of thousands of versions.
         *     The versions are sorted in descending order using `semver` ordering.
         */
        get: operations["getScopedPackageVersionList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/npm/{package}@{version}/manifest": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get version manifest
         * @description Returns what the version's package.json says of the package, read as npm reads it (normalize-package-data
         *     and hosted-git-info): the description, keywords (a comma-separated string becomes a list), homepage, repository
         *     (the `owner/repo` and `github:` shorthands become their address, with its page and owner on the code host),
         *     issue tracker, licence, author and contributors (`Name <email> (url)` becomes a person). A missing homepage or
         *     issue tracker is the repository's, as npm fills them in.
         *     `jsEntry` tells whether the package.json names a JavaScript entry the CDN builds an ES module (`+esm`) from;
         *     `tarball` is the registry's download address of the version.
         */
        get: operations["getPackageVersionManifest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages/npm/@{scope}/{package}@{version}/manifest": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get version manifest (scoped)
         * @description Returns what the version's package.json says of the package, read as npm reads it (normalize-package-data
         *     and hosted-git-info): the description, keywords (a comma-separated string becomes a list), homepage, repository
         *     (the `owner/repo` and `github:` shorthands become their address, with its page and owner on the code host),
         *     issue tracker, licence, author and contributors (`Name <email> (url)` becomes a person). A missing homepage or
         *     issue tracker is the repository's, as npm fills them in.
         *     `jsEntry` tells whether the package.json names a JavaScript entry the CDN builds an ES module (`+esm`) from;
         *     `tarball` is the registry's download address of the version.
         */
        get: operations["getScopedPackageVersionManifest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/periods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List stats periods
         * @description Returns a list of all periods for which some stats are available in descending order.
         *     The `links` property of each period indicates which stats are available.
         */
        get: operations["listStatsPeriods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List top packages
         * @description Returns the most popular packages and their stats totals for the selected period.
         *     More detailed stats can be accessed via the provided links.
         */
        get: operations["listTopPackages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/gh/{user}/{repo}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
            };
            cookie?: never;
        };
        /**
         * Get repo stats
         * @description Returns daily usage stats for the repository.
         *     Stats for specific versions can be accessed via the provided link.
         */
        get: operations["getRepoStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/gh/{user}/{repo}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
            };
            cookie?: never;
        };
        /**
         * List top repo versions
         * @description Returns daily usage stats for the most popular repository versions.
         *     Stats for the individual version files can be accessed via the provided link.
         */
        get: operations["listTopRepoVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/gh/{user}/{repo}@{version}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get repo version stats
         * @description Returns daily usage stats for the specified repository version.
         *     Stats for the individual version files can be accessed via the provided link.
         */
        get: operations["getRepoVersionStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/gh/{user}/{repo}@{version}/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * List top repo version files
         * @description Returns daily usage stats for the most popular repository version files.
         */
        get: operations["listTopRepoVersionFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/wp/{kind}/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `plugins` for a WordPress.org plugin, `themes` for a theme. */
                kind: components["parameters"]["wpKind"];
                /** @description The plugin's or theme's slug on WordPress.org. */
                slug: components["parameters"]["wpSlug"];
            };
            cookie?: never;
        };
        /**
         * Get WordPress plugin or theme stats
         * @description Returns daily usage stats for the plugin or theme, served from `/wp/`.
         *     Stats for specific versions (tags, theme versions, `trunk`) can be accessed via the provided link.
         */
        get: operations["getWordPressStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/wp/{kind}/{slug}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `plugins` for a WordPress.org plugin, `themes` for a theme. */
                kind: components["parameters"]["wpKind"];
                /** @description The plugin's or theme's slug on WordPress.org. */
                slug: components["parameters"]["wpSlug"];
            };
            cookie?: never;
        };
        /**
         * List top WordPress plugin or theme versions
         * @description Returns daily usage stats for the most popular versions of the plugin or theme (`trunk` is a branch).
         */
        get: operations["listTopWordPressVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/wp/{kind}/{slug}@{version}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `plugins` for a WordPress.org plugin, `themes` for a theme. */
                kind: components["parameters"]["wpKind"];
                /** @description The plugin's or theme's slug on WordPress.org. */
                slug: components["parameters"]["wpSlug"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get WordPress plugin or theme version stats
         * @description Returns daily usage stats for the specified version of the plugin or theme.
         */
        get: operations["getWordPressVersionStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/wp/{kind}/{slug}@{version}/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `plugins` for a WordPress.org plugin, `themes` for a theme. */
                kind: components["parameters"]["wpKind"];
                /** @description The plugin's or theme's slug on WordPress.org. */
                slug: components["parameters"]["wpSlug"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * List top WordPress plugin or theme version files
         * @description Returns daily usage stats for the most popular files of the version.
         */
        get: operations["listTopWordPressVersionFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/gh/{user}/{repo}/badge": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
            };
            cookie?: never;
        };
        /**
         * Get repo badge
         * @description Returns a badge with repo hits or rank.
         */
        get: operations["getRepoBadge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/npm/{package}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
            };
            cookie?: never;
        };
        /**
         * Get package stats
         * @description Returns daily usage stats for the package.
         *     Stats for specific versions can be accessed via the provided link.
         */
        get: operations["getPackageStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/npm/@{scope}/{package}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
            };
            cookie?: never;
        };
        /**
         * Get package stats (scoped)
         * @description Returns daily usage stats for the package.
         *     Stats for specific versions can be accessed via the provided link.
         */
        get: operations["getScopedPackageStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/npm/{package}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
            };
            cookie?: never;
        };
        /**
         * List top package versions
         * @description Returns daily usage stats for the most popular package versions.
         *     Stats for the individual version files can be accessed via the provided link.
         */
        get: operations["listTopPackageVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/npm/@{scope}/{package}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
            };
            cookie?: never;
        };
        /**
         * List top package versions (scoped)
         * @description Returns daily usage stats for the most popular package versions.
         *     Stats for the individual version files can be accessed via the provided link.
         */
        get: operations["listTopScopedPackageVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/npm/{package}@{version}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get package version stats
         * @description Returns daily usage stats for the specified package version.
         *     Stats for the individual version files can be accessed via the provided link.
         */
        get: operations["getPackageVersionStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/npm/@{scope}/{package}@{version}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get package version stats (scoped)
         * @description Returns daily usage stats for the specified package version.
         *     Stats for the individual version files can be accessed via the provided link.
         */
        get: operations["getScopedPackageVersionStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/npm/{package}@{version}/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * List top package version files
         * @description Returns daily usage stats for the most popular package version files.
         */
        get: operations["listTopPackageVersionFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/npm/@{scope}/{package}@{version}/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * List top package version files (scoped)
         * @description Returns daily usage stats for the most popular package version files.
         */
        get: operations["listTopScopedPackageVersionFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/npm/{package}/badge": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
            };
            cookie?: never;
        };
        /**
         * Get package badge
         * @description Returns a badge with package hits or rank.
         */
        get: operations["getPackageBadge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/packages/npm/@{scope}/{package}/badge": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
            };
            cookie?: never;
        };
        /**
         * Get package badge (scoped)
         * @description Returns a badge with package hits or rank.
         */
        get: operations["getScopedPackageBadge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/network": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get network-wide stats
         * @description Returns network-wide hits and bandwidth stats, with breakdowns by provider and date.
         *     The list of providers may change over time. Only providers that served some traffic in the selected period are returned.
         *     The provider codes are:
         *      - `BN` Bunny
         *      - `CF` Cloudflare
         *      - `FY` Fastly
         *      - `GC` Gcore
         *      - `MX` StackPath
         *      - `QT` Quantil
         */
        get: operations["getNetworkStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/network/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get network-wide content stats
         * @description Returns network-wide hits and bandwidth stats, with breakdown by content type (packages, proxy endpoints, other) and date.
         */
        get: operations["getNetworkContentStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/network/countries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get network-wide country stats
         * @description Returns network-wide hits and bandwidth stats, with breakdown by country and provider.
         *     The list of providers may change over time. Only providers that served some traffic in the selected period are returned.
         *     The provider codes are:
         *      - `BN` Bunny
         *      - `CF` Cloudflare
         *      - `FY` Fastly
         *      - `GC` Gcore
         *      - `MX` StackPath
         *      - `QT` Quantil
         */
        get: operations["getNetworkCountriesStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/browsers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List top browsers (grouped versions)
         * @description Returns a list of the most popular browsers with stats combined across all versions and platforms.
         */
        get: operations["listTopBrowsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/browsers/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List top browsers (separate versions)
         * @description Returns a list of the most popular browsers with each major version listed separately.
         */
        get: operations["listTopBrowsersVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/browsers/{name}/countries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: components["parameters"]["browserName"];
            };
            cookie?: never;
        };
        /**
         * List top browser countries
         * @description Returns countries ordered by the market share of the specified browser.
         */
        get: operations["listTopBrowserCountries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/browsers/{name}/platforms": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: components["parameters"]["browserName"];
            };
            cookie?: never;
        };
        /**
         * List top browser platforms
         * @description Returns platforms ordered by their percentage share on all requests by the specified browser.
         */
        get: operations["listTopBrowserPlatforms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/browsers/{name}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: components["parameters"]["browserName"];
            };
            cookie?: never;
        };
        /**
         * List top browser versions
         * @description Returns the browser versions ordered by their market share.
         */
        get: operations["listTopBrowserVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/browsers/{name}/versions/{version}/countries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: components["parameters"]["browserName"];
                version: components["parameters"]["browserVersion"];
            };
            cookie?: never;
        };
        /**
         * List top browser version countries
         * @description Returns countries ordered by the market share of the specified browser version.
         */
        get: operations["listTopBrowserVersionCountries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/platforms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List top platforms (grouped versions)
         * @description Returns a list of the most popular platforms with stats combined across all versions.
         */
        get: operations["listTopPlatforms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/platforms/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List top platforms (separate versions)
         * @description Returns a list of the most popular platforms with each major version listed separately.
         */
        get: operations["listTopPlatformsVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/platforms/{name}/browsers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: components["parameters"]["platformName"];
            };
            cookie?: never;
        };
        /**
         * List top platform browsers
         * @description Returns browsers ordered by their percentage share on all requests on the specified platform.
         */
        get: operations["listTopPlatformBrowsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/platforms/{name}/countries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: components["parameters"]["platformName"];
            };
            cookie?: never;
        };
        /**
         * List top platform countries
         * @description Returns countries ordered by the market share of the specified platform.
         */
        get: operations["listTopPlatformCountries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/platforms/{name}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: components["parameters"]["platformName"];
            };
            cookie?: never;
        };
        /**
         * List top platform versions
         * @description Returns the platform versions ordered by their market share.
         */
        get: operations["listTopPlatformVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/platforms/{name}/versions/{version}/countries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: components["parameters"]["platformName"];
                version: components["parameters"]["platformVersion"];
            };
            cookie?: never;
        };
        /**
         * List top platform version countries
         * @description Returns countries ordered by the market share of the specified platform version.
         */
        get: operations["listTopPlatformVersionCountries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/proxies/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The name of the proxy endpoint. */
                name: components["parameters"]["proxyName"];
            };
            cookie?: never;
        };
        /**
         * Get proxy stats
         * @description Returns daily usage stats for the proxy.
         */
        get: operations["getProxyStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats/proxies/{name}/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The name of the proxy endpoint. */
                name: components["parameters"]["proxyName"];
            };
            cookie?: never;
        };
        /**
         * List top proxy files
         * @description EXPERIMENTAL: This feature may change or be removed in the future.
         *
         *     Returns stats for the most popular proxy files.
         */
        get: operations["listTopProxyFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lookup/hash/{hash}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A hex-encoded sha256 of file contents. */
                hash: components["parameters"]["hash"];
            };
            cookie?: never;
        };
        /**
         * Get file metadata from file hash
         * @description Allows a reverse lookup of a file at the CDN by its hash. Works only for files which were accessed at least once.
         *     If there are multiple files with the same hash, only the one which was accessed first via the CDN is returned.
         */
        get: operations["lookupFileHash"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/importmap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Generate an import map
         * @description Returns an import map for a set of npm packages, to paste into a page that loads them as ES modules from Skylift.
         *     Each package spec (`react@18`, `react-dom@18/client`, `lit`: a name, then optionally a range, version or tag after `@`,
         *     a subpath, and `+esm` build options after `?`, as in `react@18?dev`, `?target=es2020` or `?deps=react@18.3.1`) is
         *     resolved to an exact version and mapped to the pinned URL of that version's `+esm` build on the CDN with those options
         *     (`/npm/react@18.3.1/+esm/b1?dev`), whose bytes never change, as the CDN's `?meta` describes it. The modules those
         *     import, pinned too and built with the same options, are walked in turn, and where two packages of the set import
         *     different versions of a third, the imports are redirected to one version whenever the importing package's declared
         *     range accepts it (for every importer in `imports`, or only for those importers in `scopes` when another needs its own
         *     version). Every module the page can load has an `integrity` entry: the SHA-384 of the bytes the CDN serves at that
         *     pinned URL, which hold across upgrades of the CDN's builder. `html` holds the `<script type="importmap">` and one
         *     `<link rel="modulepreload">` per module loaded with the page. A build option with a bad value is a 400 naming it; a
         *     parameter that is no option is ignored. An answer for exact versions only is immutable; one with a range or tag is
         *     cached for 5 minutes.
         */
        get: operations["getImportMap"];
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
        ImportMap: {
            /** @description Each spec asked for, resolved. */
            packages: {
                spec: string;
                name: string;
                /** @description The exact version the spec resolved to. */
                version: string;
                /** @description `''` for the package's main module, else as in `/client`. */
                subpath: string;
                /** @description What the page imports (`react-dom/client`). */
                specifier: string;
                /** @description The pinned URL of the exact version's `+esm` build with the spec's options, whose bytes never change. */
                url: string;
            }[];
            /** @description The import map, as it goes in `<script type="importmap">`. */
            importMap: {
                imports: {
                    [key: string]: string;
                };
                scopes?: {
                    [key: string]: {
                        [key: string]: string;
                    };
                };
                /** @description Pinned module URL to `sha384-...` of the bytes the CDN serves there. */
                integrity: {
                    [key: string]: string;
                };
            };
            /** @description The modules loaded with the page, each a `<link rel="modulepreload">` of `html`. */
            preload: {
                url: string;
                integrity: string;
            }[];
            /** @description The `<script type="importmap">` and `<link rel="modulepreload">` tags, ready to paste into the page's `<head>`. */
            html: string;
        };
        /**
         * @description `npm` for an npm package, `gh` for a GitHub repository.
         * @enum {string}
         */
        PackageType: "gh" | "npm";
        /**
         * @description `npm` for an npm package, `gh` for a GitHub repository, `wp` for a WordPress.org plugin (`plugins/{slug}`) or theme (`themes/{slug}`).
         * @enum {string}
         */
        StatsPackageType: "gh" | "npm" | "wp";
        /**
         * @default square
         * @enum {string}
         */
        BadgeStyle: "square" | "rounded";
        /**
         * @default hits
         * @enum {string}
         */
        BadgeType: "hits" | "rank" | "type-rank";
        /** @description Browser name. */
        BrowserName: string;
        /** @description Browser version. `Unknown` if the version couldn't be determined. */
        BrowserVersion: string;
        /** @description An ISO 3166-1 alpha-2 country code. */
        CountryCode: string;
        /** @description Platform name. `Other` if the platform couldn't be determined. */
        PlatformName: string;
        /** @description Platform version. `Unknown` if the version couldn't be determined. */
        PlatformVersion: string;
        /** @description Platform version name. Empty for platforms that do not have named versions. */
        PlatformVersionName: string;
        /** @description The number of hits in the selected period. */
        HitsTotal: number;
        /** @description The bandwidth in bytes in the selected period. */
        BandwidthTotal: number;
        NullableInteger: number | null;
        NullableNumber: number | null;
        PackageVersionList: components["schemas"]["PackageTypeName"] & {
            /** @description An object mapping dist-tags to version numbers. Always empty for GitHub repos. */
            tags: {
                [key: string]: string;
            };
            /** @description Every version, newest first. */
            versions: string[];
        };
        Person: {
            name: string;
            email: string | null;
            url: string | null;
        };
        PackageManifest: components["schemas"]["PackageTypeName"] & {
            /** @description The exact version described. */
            version: string;
            description: string | null;
            keywords: string[];
            homepage: string | null;
            /** @description The licence as declared (an SPDX expression, or the old `licenses` list joined with `OR`). */
            license: string | null;
            repository: {
                /** @description The repository's address as npm normalises it (`git+https://github.com/lodash/lodash.git`). */
                url: string;
                /** @description The folder of a monorepo the package lives in. */
                directory: string | null;
                /** @description The repository's page (the folder's, with `directory`); `null` when it cannot be told. */
                web: string | null;
                /** @description Whose repository it is, on a code host npm knows (GitHub, GitLab, Bitbucket, Sourcehut). */
                owner: {
                    name: string;
                    /** @description Their page on the code host. */
                    link: string;
                    /** @description Their avatar on the code host, where it has one by name (GitHub). */
                    avatar: string | null;
                } | null;
                /** @description The repository's `user/repo` on GitHub, whose files the CDN serves at `/gh/{user}/{repo}`; `null` on other hosts. */
                github: string | null;
            } | null;
            bugs: {
                url: string | null;
                email: string | null;
            } | null;
            author: components["schemas"]["Person"] | null;
            contributors: components["schemas"]["Person"][];
            /** @description Whether the package.json names a JavaScript entry, from which the CDN builds an ES module (`+esm`). Always `false` for GitHub repos. */
            jsEntry: boolean;
            /** @description The registry's download address of this version. `null` for GitHub repos. */
            tarball: string | null;
            links: {
                /** @description A link to metadata for this version. */
                self: string;
                /** @description A link to entry point information for this version. Only for npm packages. */
                entrypoints?: string;
                /** @description A link to stats for this version. */
                stats: string;
            };
        };
        PackageMetadata: components["schemas"]["PackageTypeName"] & {
            /** @description An object mapping dist-tags to version numbers. Always empty for GitHub repos. */
            tags: {
                [key: string]: string;
            };
            /** @description A list of all versions sorted in descending order. */
            versions: {
                version: string;
                links: {
                    /** @description A link to metadata for this version. */
                    self: string;
                    /** @description A link to entry point information for this version. Only for npm packages. */
                    entrypoints?: string;
                    /** @description A link to stats for this version. */
                    stats: string;
                    /** @description The address of this version's tarball on the registry, when the registry gives one. Only for npm packages. */
                    tarball?: string;
                };
            }[];
            links: {
                /** @description A link to stats for this package. */
                stats: string;
            };
        };
        PackageResolved: components["schemas"]["PackageTypeName"] & {
            /** @description The resolved version or `null` if there is no matching version. */
            version: string | null;
            links: {
                /** @description A link to this resource. */
                self?: string;
                /** @description A link to entry point information for this version. Only for npm packages. */
                entrypoints?: string;
                /** @description A link to stats for this version. */
                stats?: string;
            };
        };
        PackageVersionMetadata: components["schemas"]["PackageTypeName"] & {
            version: string;
            /** @description A path to the default file in the package. `null` for GitHub repos or if no default file is set. */
            default: string | null;
            files: components["schemas"]["PackageVersionMetadataTreeFiles"] | components["schemas"]["PackageVersionMetadataFlatFiles"];
            links?: {
                /** @description A link to stats for this package version. */
                stats: string;
            };
        };
        /** PackageVersionMetadataTreeFiles */
        PackageVersionMetadataTreeFiles: ({
            /** @constant */
            type: "directory";
            /** @description The directory name. */
            name: string;
            files: components["schemas"]["PackageVersionMetadataTreeFiles"];
        } | {
            /** @constant */
            type: "file";
            /** @description The filename. */
            name: string;
            /** @description A base64-encoded sha256 of file contents. */
            hash: string;
            /** @description The file size in bytes. */
            size: number;
        })[];
        /** PackageVersionMetadataFlatFiles */
        PackageVersionMetadataFlatFiles: {
            /** @description An absolute file path within the package. */
            name: string;
            /** @description A base64-encoded sha256 of file contents. */
            hash: string;
            /** @description The file size in bytes. */
            size: number;
        }[];
        PackageEntrypoint: {
            file: string;
            /**
             * @description A flag that indicates how the entry point was resolved:
             *       - `false` based on trusted package metadata
             *       - `true` based on our heuristics
             */
            guessed: boolean;
            /**
             * @description The subresource integrity (`sha384-...`) of the file as the CDN serves it at this exact version's address.
             *     Absent when the file could not be read (over 8 MB, or its upstream failed).
             */
            integrity?: string;
            /**
             * @description JavaScript only: how a page's `<script src>` runs the file. `script`: a plain script, IIFE or UMD bundle that
             *     runs as it is; `commonjs`: it needs `module`, `exports`, `require` or `process`, which a page does not have
             *     (use the ES module build, `+esm`); `module`: import and export statements (load it with `type="module"`, or
             *     use `+esm`). Absent when the file could not be read.
             * @enum {string}
             */
            format?: "script" | "commonjs" | "module";
        };
        PackageEntrypoints: {
            entrypoints: {
                css?: components["schemas"]["PackageEntrypoint"];
                js?: components["schemas"]["PackageEntrypoint"];
            };
        };
        PackageAdvisories: {
            /** @description The package name. */
            name: string;
            /** @description The exact version the advisories are of. */
            version: string;
            /** @description How many known advisories affect this version. */
            count: number;
            /** @description The advisories, most severe first (the first 100). */
            advisories: {
                /** @description The advisory's identifier in the registry's advisory database. */
                id: string;
                title: string;
                /** @description `critical`, `high`, `moderate`, `low` or `info`. */
                severity: string;
                /** @description Where the advisory is published; null when the registry names no web address for it. */
                url: string | null;
                /** @description The semver range of the affected versions. */
                vulnerableVersions: string;
            }[];
        };
        Periods: {
            /** @description The period date in `YYYY` or `YYYY-MM` format. */
            period: string;
            /**
             * @description The period type.
             * @enum {string}
             */
            periodType: "s-month" | "s-quarter" | "s-year";
            /** @description An object with links to all stats that are available in this period. */
            links: {
                /** @description A link to browser stats for this period. */
                browsers?: string;
                /** @description A link to network stats for this period. */
                network?: string;
                /** @description A link to package stats for this period. */
                packages?: string;
                /** @description A link to platform stats for this period. */
                platforms?: string;
                /** @description A link to proxy stats for this period. */
                proxies?: string;
            };
        }[];
        /**
         * @description The stats for previous period.
         *     In case the periods have a different number of days (which happens with calendar months), the values are automatically adjusted.
         */
        PrevDescription: unknown;
        StatsWithPrev: {
            hits: components["schemas"]["HitsTotal"];
            bandwidth: components["schemas"]["BandwidthTotal"];
            prev: components["schemas"]["PrevDescription"] & {
                hits: number;
                bandwidth: number;
            };
        };
        TopPackages: ({
            type: components["schemas"]["StatsPackageType"];
            name: string;
        } & components["schemas"]["StatsWithPrev"] & {
            links: {
                /** @description A link to detailed stats for this package. */
                self: string;
                /** @description A link to top versions stats for this package. */
                versions: string;
            };
        })[];
        PackageTypeName: {
            type: components["schemas"]["PackageType"];
            name: string;
        };
        /** @description A breakdown of the hits by date. The object keys are in `YYYY-MM-DD` format. */
        DateHitsStats: {
            [key: string]: number;
        };
        /** @description A breakdown of the bandwidth by date. The object keys are in `YYYY-MM-DD` format. */
        DateBandwidthStats: {
            [key: string]: number;
        };
        /** @description A breakdown of the hits by date. The object keys are in `YYYY-MM-DD` format. */
        DateHitsStatsExtended: {
            [key: string]: {
                total: number;
            };
        };
        /** @description A breakdown of the bandwidth by date. The object keys are in `YYYY-MM-DD` format. */
        DateBandwidthStatsExtended: {
            [key: string]: {
                total: number;
            };
        };
        TotalDateHitsStats: {
            total: components["schemas"]["HitsTotal"];
            dates: components["schemas"]["DateHitsStats"];
        };
        TotalDateBandwidthStats: {
            total: components["schemas"]["BandwidthTotal"];
            dates: components["schemas"]["DateBandwidthStats"];
        };
        TotalDateHitsStatsExtended: {
            total: components["schemas"]["HitsTotal"];
            dates: components["schemas"]["DateHitsStatsExtended"];
        };
        Provider: {
            /** @description A two letter provider code. */
            code: string;
            /** @description Provider name. */
            name: string;
        };
        Country: {
            code: components["schemas"]["CountryCode"];
            /** @description Country name. */
            name: string;
        };
        TotalDateBandwidthStatsExtended: {
            total: components["schemas"]["BandwidthTotal"];
            dates: components["schemas"]["DateBandwidthStatsExtended"];
        };
        PackageStats: {
            hits: {
                /** @description The number of packages with more hits. `null` if the package doesn't have any hits. */
                rank: components["schemas"]["NullableInteger"];
                /** @description The number of packages of the same type (gh/npm) with more hits. `null` if the package doesn't have any hits. */
                typeRank: components["schemas"]["NullableInteger"];
            } & components["schemas"]["TotalDateHitsStats"] & {
                prev: components["schemas"]["PrevDescription"] & {
                    rank: components["schemas"]["NullableInteger"];
                    typeRank: components["schemas"]["NullableInteger"];
                    total: number;
                };
            };
            bandwidth: {
                /** @description The number of packages with more bandwidth. `null` if the package doesn't have any bandwidth. */
                rank: components["schemas"]["NullableInteger"];
                /** @description The number of packages of the same type (gh/npm) with more bandwidth. `null` if the package doesn't have any bandwidth. */
                typeRank: components["schemas"]["NullableInteger"];
            } & components["schemas"]["TotalDateBandwidthStats"] & {
                prev: components["schemas"]["PrevDescription"] & {
                    rank: components["schemas"]["NullableInteger"];
                    typeRank: components["schemas"]["NullableInteger"];
                    total: number;
                };
            };
            links: {
                /** @description A link to top versions stats for this package. */
                versions: string;
            };
        };
        PackageVersionStats: {
            hits: components["schemas"]["TotalDateHitsStats"];
            bandwidth: components["schemas"]["TotalDateBandwidthStats"];
            links: {
                /** @description A link to detailed stats for this version. */
                self: string;
                /** @description A link to top files stats for this version. */
                files: string;
            };
        };
        TopPackageVersions: ({
            /**
             * @description Identifies whether this is a regular `version` (release), a `commit`, or a `branch`. Always `version` for npm packages.
             * @enum {string}
             */
            type: "branch" | "commit" | "version";
            /** @description The version identifier. */
            version: string;
        } & components["schemas"]["PackageVersionStats"])[];
        TopPackageVersionFiles: {
            /** @description An absolute file path within the package. */
            name: string;
            hits: components["schemas"]["TotalDateHitsStats"];
            bandwidth: components["schemas"]["TotalDateBandwidthStats"];
        }[];
        PrevTotal: components["schemas"]["PrevDescription"] & {
            total: number;
        };
        PrevTotalWrapped: {
            prev: components["schemas"]["PrevTotal"];
        };
        NetworkStats: {
            /** @description Network-wide hits stats. */
            hits: {
                total: components["schemas"]["HitsTotal"];
                /** @description A breakdown of the hits by provider. The providers are sorted by hits in descending order. */
                providers: (components["schemas"]["Provider"] & components["schemas"]["TotalDateHitsStatsExtended"] & components["schemas"]["PrevTotalWrapped"])[];
                prev: components["schemas"]["PrevTotal"];
            };
            /** @description Network-wide bandwidth stats. */
            bandwidth: {
                total: components["schemas"]["BandwidthTotal"];
                /** @description A breakdown of the bandwidth by provider. The providers are sorted by bandwidth in descending order. */
                providers: (components["schemas"]["Provider"] & components["schemas"]["TotalDateBandwidthStatsExtended"] & components["schemas"]["PrevTotalWrapped"])[];
                prev: components["schemas"]["PrevTotal"];
            };
        };
        NetworkContentStats: {
            /** @description Network-wide hits stats. */
            hits: {
                total: number;
                packages: unknown & components["schemas"]["TotalDateHitsStatsExtended"] & components["schemas"]["PrevTotalWrapped"];
                proxies: unknown & components["schemas"]["TotalDateHitsStatsExtended"] & components["schemas"]["PrevTotalWrapped"];
                other: unknown & components["schemas"]["TotalDateHitsStatsExtended"] & components["schemas"]["PrevTotalWrapped"];
                prev: components["schemas"]["PrevTotal"];
            };
            /** @description Network-wide bandwidth stats. */
            bandwidth: {
                total: number;
                packages: unknown & components["schemas"]["TotalDateBandwidthStatsExtended"] & components["schemas"]["PrevTotalWrapped"];
                proxies: unknown & components["schemas"]["TotalDateBandwidthStatsExtended"] & components["schemas"]["PrevTotalWrapped"];
                other: unknown & components["schemas"]["TotalDateBandwidthStatsExtended"] & components["schemas"]["PrevTotalWrapped"];
                prev: components["schemas"]["PrevTotal"];
            };
        };
        NetworkCountryStats: {
            /** @description Network-wide hits stats. */
            hits: {
                total: components["schemas"]["HitsTotal"];
                /** @description A breakdown of the hits by country. The countries are sorted by hits in descending order. */
                countries: (components["schemas"]["Country"] & {
                    total: number;
                    /** @description A breakdown of the country hits by provider. The providers are sorted by hits in descending order. */
                    providers: (components["schemas"]["Provider"] & {
                        total: number;
                    })[];
                    prev: components["schemas"]["PrevTotal"];
                })[];
                prev: components["schemas"]["PrevTotal"];
            };
            /** @description Network-wide bandwidth stats. */
            bandwidth: {
                total: components["schemas"]["BandwidthTotal"];
                /** @description A breakdown of the bandwidth by country. The countries are sorted by bandwidth in descending order. */
                countries: (components["schemas"]["Country"] & {
                    total: number;
                    /** @description A breakdown of the country bandwidth by provider. The providers are sorted by bandwidth in descending order. */
                    providers: (components["schemas"]["Provider"] & {
                        total: number;
                    })[];
                    prev: components["schemas"]["PrevTotal"];
                })[];
                prev: components["schemas"]["PrevTotal"];
            };
        };
        TopBrowsers: {
            name: components["schemas"]["BrowserName"];
            /** @description Market share of the browser. */
            share: number;
            prev: components["schemas"]["PrevShare"];
            links: {
                /** @description A link to country stats for this browser. */
                countries?: string;
                /** @description A link to platform stats for this browser. */
                platforms: string;
                /** @description A link to version stats for this browser. */
                versions: string;
            };
        }[];
        TopBrowsersVersions: {
            name: components["schemas"]["BrowserName"];
            version: components["schemas"]["BrowserVersion"];
            /** @description Market share of the browser version. */
            share: number;
            prev: components["schemas"]["PrevShare"];
            links: {
                /** @description A link to country stats for this browser version. */
                countries?: string;
            };
        }[];
        TopBrowserCountries: {
            country: components["schemas"]["CountryCode"];
            /** @description Market share of the browser within the country. */
            share: number;
            prev: components["schemas"]["PrevShare"];
            links: {
                /** @description A link to browser stats for this country. */
                browsers: string;
                /** @description A link to platform stats for this country. */
                platforms: string;
            };
        }[];
        TopBrowserPlatforms: {
            name: components["schemas"]["PlatformName"];
            /** @description Percentage share of the platform on all requests by the specified browser. */
            share: number;
            prev: components["schemas"]["PrevShare"];
            links: {
                /** @description A link to browser stats for this platform. */
                browsers: string;
                /** @description A link to country stats for this platform. */
                countries?: string;
                /** @description A link to versions stats for this platform. */
                versions: string;
            };
        }[];
        TopBrowserVersions: {
            version: components["schemas"]["BrowserVersion"];
            /** @description Market share of the browser version. */
            share: number;
            prev: components["schemas"]["PrevShare"];
            links: {
                /** @description A link to country stats for this browser version. */
                countries?: string;
            };
        }[];
        TopBrowserVersionCountries: {
            country: components["schemas"]["CountryCode"];
            /** @description Market share of the browser version within the country. */
            share: number;
            prev: components["schemas"]["PrevShare"];
            links: {
                /** @description A link to browser stats for this country. */
                browsers: string;
                /** @description A link to platform stats for this country. */
                platforms: string;
            };
        }[];
        TopPlatforms: {
            name: components["schemas"]["PlatformName"];
            /** @description Market share of the platform. */
            share: number;
            prev: components["schemas"]["PrevShare"];
            links: {
                /** @description A link to browser stats for this browser. */
                browsers: string;
                /** @description A link to country stats for this platform. */
                countries?: string;
                /** @description A link to version stats for this platform. */
                versions: string;
            };
        }[];
        TopPlatformsVersions: {
            name: components["schemas"]["PlatformName"];
            version: components["schemas"]["PlatformVersion"];
            versionName: components["schemas"]["PlatformVersionName"];
            /** @description Market share of the platform version. */
            share: number;
            prev: components["schemas"]["PrevShare"];
            links: {
                /** @description A link to country stats for this platform version. */
                countries?: string;
            };
        }[];
        TopPlatformBrowsers: {
            name: components["schemas"]["BrowserName"];
            /** @description Percentage share of the browser on all requests on the specified platform. */
            share: number;
            prev: components["schemas"]["PrevShare"];
            links: {
                /** @description A link to country stats for this platform. */
                countries?: string;
                /** @description A link to platform stats for this browser. */
                platforms: string;
                /** @description A link to versions stats for this platform. */
                versions: string;
            };
        }[];
        TopPlatformCountries: {
            country: components["schemas"]["CountryCode"];
            /** @description Market share of the platform within the country. */
            share: number;
            prev: components["schemas"]["PrevShare"];
            links: {
                /** @description A link to browser stats for this country. */
                browsers: string;
                /** @description A link to platform stats for this country. */
                platforms: string;
            };
        }[];
        TopPlatformVersions: {
            version: components["schemas"]["PlatformVersion"];
            versionName: components["schemas"]["PlatformVersionName"];
            /** @description Market share of the platform version. */
            share: number;
            prev: components["schemas"]["PrevShare"];
            links: {
                /** @description A link to country stats for this platform version. */
                countries?: string;
            };
        }[];
        TopPlatformVersionCountries: {
            country: components["schemas"]["CountryCode"];
            /** @description Market share of the platform version within the country. */
            share: number;
            prev: components["schemas"]["PrevShare"];
            links: {
                /** @description A link to browser stats for this country. */
                browsers: string;
                /** @description A link to platform stats for this country. */
                platforms: string;
            };
        }[];
        /** @description The stats for previous period. */
        PrevShare: {
            /** @description `null` if there are no data for the previous period. */
            share: components["schemas"]["NullableNumber"];
        };
        ProxyStats: {
            hits: components["schemas"]["TotalDateHitsStats"] & components["schemas"]["PrevTotalWrapped"];
            bandwidth: components["schemas"]["TotalDateBandwidthStats"] & components["schemas"]["PrevTotalWrapped"];
            links: {
                /** @description A link to top files stats for this version. */
                files: string;
            };
        };
        TopProxyFiles: {
            /** @description An absolute file path within the proxy. */
            name: string;
            hits: {
                total: components["schemas"]["HitsTotal"];
            };
            bandwidth: {
                total: components["schemas"]["BandwidthTotal"];
            };
        }[];
        LookupHash: {
            type: components["schemas"]["PackageType"];
            name: string;
            version: string;
            file: string;
        };
    };
    responses: {
        /** @description Bad Request */
        400: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    status: number;
                    message: string;
                    links?: {
                        /** @description A link to documentation for this endpoint. */
                        documentation?: string;
                    };
                };
            };
        };
        /** @description Forbidden: the package is over its size limit, or this deployment does not serve it (its operator's allow-list or deny-list). */
        403: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    status: number;
                    message: string;
                };
            };
        };
        /** @description Not Found */
        404: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    status: number;
                    message: string;
                };
            };
        };
        /** @description Bad Gateway */
        502: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    status: number;
                    message: string;
                };
            };
        };
        /** @description Gateway Timeout */
        504: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    status: number;
                    message: string;
                };
            };
        };
        /** @description Success */
        ghMetadata200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageMetadata"];
            };
        };
        /** @description Success */
        ghResolved200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageResolved"];
            };
        };
        /** @description Success */
        ghVersionMetadata200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageVersionMetadata"];
            };
        };
        /** @description Success */
        ghVersionList200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageVersionList"];
            };
        };
        /** @description Success */
        ghVersionManifest200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageManifest"];
            };
        };
        /** @description Success */
        npmVersionList200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageVersionList"];
            };
        };
        /** @description Success */
        npmVersionManifest200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageManifest"];
            };
        };
        /** @description Success */
        npmMetadata200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageMetadata"];
            };
        };
        /** @description Success */
        npmMetadataScoped200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageMetadata"];
            };
        };
        /** @description Success */
        npmResolved200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageResolved"];
            };
        };
        /** @description Success */
        npmResolvedScoped200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageResolved"];
            };
        };
        /** @description Success */
        npmVersionMetadata200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageVersionMetadata"];
            };
        };
        /** @description Success */
        npmVersionMetadataScoped200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageVersionMetadata"];
            };
        };
        /** @description Success */
        npmVersionEntrypoints200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageEntrypoints"];
            };
        };
        /** @description Success */
        npmVersionEntrypointsScoped200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageEntrypoints"];
            };
        };
        /** @description Success */
        npmVersionAdvisories200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageAdvisories"];
            };
        };
        /** @description Success */
        periods200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Periods"];
            };
        };
        /** @description Success */
        topPackages200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopPackages"];
            };
        };
        /** @description Success */
        ghPackageStats200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageStats"];
            };
        };
        /** @description Success */
        ghTopRepoVersions200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopPackageVersions"];
            };
        };
        /** @description Success */
        ghRepoVersionStats200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageVersionStats"];
            };
        };
        /** @description Success */
        ghTopRepoVersionFiles200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopPackageVersionFiles"];
            };
        };
        /** @description Success */
        ghRepoBadge200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "image/svg+xml": unknown;
            };
        };
        /** @description Success */
        npmPackageStats200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageStats"];
            };
        };
        /** @description Success */
        npmPackageStatsScoped200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageStats"];
            };
        };
        /** @description Success */
        npmTopPackageVersions200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopPackageVersions"];
            };
        };
        /** @description Success */
        npmTopPackageVersionsScoped200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopPackageVersions"];
            };
        };
        /** @description Success */
        npmPackageVersionStats200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageVersionStats"];
            };
        };
        /** @description Success */
        npmPackageVersionStatsScoped200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PackageVersionStats"];
            };
        };
        /** @description Success */
        npmTopRepoVersionFiles200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopPackageVersionFiles"];
            };
        };
        /** @description Success */
        npmTopRepoVersionFilesScoped200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopPackageVersionFiles"];
            };
        };
        /** @description Success */
        npmPackageBadge200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "image/svg+xml": unknown;
            };
        };
        /** @description Success */
        npmPackageBadgeScoped200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "image/svg+xml": unknown;
            };
        };
        /** @description Success */
        networkStats200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NetworkStats"];
            };
        };
        /** @description Success */
        networkContentStats200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NetworkContentStats"];
            };
        };
        /** @description Success */
        networkCountryStats200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NetworkCountryStats"];
            };
        };
        /** @description Success */
        browsers200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopBrowsers"];
            };
        };
        /** @description Success */
        browsersVersions200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopBrowsersVersions"];
            };
        };
        /** @description Success */
        browserCountries200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopBrowserCountries"];
            };
        };
        /** @description Success */
        browserPlatforms200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopBrowserPlatforms"];
            };
        };
        /** @description Success */
        browserVersions200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopBrowserVersions"];
            };
        };
        /** @description Success */
        browserVersionCountries200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopBrowserVersionCountries"];
            };
        };
        /** @description Success */
        platforms200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopPlatforms"];
            };
        };
        /** @description Success */
        platformsVersions200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopPlatformsVersions"];
            };
        };
        /** @description Success */
        platformBrowsers200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopPlatformBrowsers"];
            };
        };
        /** @description Success */
        platformCountries200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopPlatformCountries"];
            };
        };
        /** @description Success */
        platformVersions200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopPlatformVersions"];
            };
        };
        /** @description Success */
        platformVersionCountries200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopPlatformVersionCountries"];
            };
        };
        /** @description Success */
        proxyStats200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ProxyStats"];
            };
        };
        /** @description Success */
        topProxyFiles200: {
            headers: {
                Link: components["headers"]["Link"];
                "X-Total-Count": components["headers"]["X-Total-Count"];
                "X-Total-Pages": components["headers"]["X-Total-Pages"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TopProxyFiles"];
            };
        };
        /** @description Success */
        lookupHash200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["LookupHash"];
            };
        };
        /** @description Success */
        importMap200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ImportMap"];
            };
        };
    };
    parameters: {
        browserName: components["schemas"]["BrowserName"];
        browserVersion: components["schemas"]["BrowserVersion"];
        /** @description A GitHub repository name. */
        ghRepo: string;
        /** @description `plugins` for a WordPress.org plugin, `themes` for a theme. */
        wpKind: "plugins" | "themes";
        /** @description The plugin's or theme's slug on WordPress.org. */
        wpSlug: string;
        /** @description A GitHub username. */
        ghUser: string;
        /** @description A hex-encoded sha256 of file contents. */
        hash: string;
        /** @description npm package name. */
        package: string;
        /** @description npm scope (username, organization). */
        packageScope: string;
        /** @description npm package name. */
        packageScoped: string;
        platformName: components["schemas"]["PlatformName"];
        platformVersion: components["schemas"]["PlatformVersion"];
        /** @description The name of the proxy endpoint. */
        proxyName: string;
        /** @description An exact package version (not a version range or a tag) */
        version: string;
        /** @description The badge style. See the examples. */
        badgeStyle: components["schemas"]["BadgeStyle"];
        /**
         * @description What kind of value to show in the badge:
         *       1. `hits` number of hits in the selected period.
         *       2. `rank` rank of the package in the selected period.
         *       3. `type-rank` rank of the package in the selected period, within its type category (gh/npm).
         */
        badgeType: components["schemas"]["BadgeType"];
        /** @description The value to sort by. */
        by: "hits" | "bandwidth";
        /** @description Include only data for this continent. Specified as a continent code in uppercase. Mutually exclusive with the `country` parameter. */
        continent: "AF" | "AN" | "AS" | "EU" | "NA" | "OC" | "SA";
        /** @description Include only data for this country. Specified as an ISO 3166-1 alpha-2 country code in uppercase. Mutually exclusive with the `continent` parameter. */
        country: components["schemas"]["CountryCode"];
        /** @description Include at most this many results. */
        limit: number;
        /**
         * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
         *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
         */
        page: number;
        /**
         * @description The time period for which the stats are returned. Can be one of the following:
         *       1. A floating period, which represents:
         *          - `day` the past 1 day,
         *          - `week` the past 7 days,
         *          - `month` the past 30 days,
         *          - `quarter` the past 90 days,
         *          - `year` the past 365 days.
         *       2. A static period, which represents:
         *          - `s-month` the last calendar month,
         *          - `s-quarter` the last calendar quarter,
         *          - `s-year` the last calendar year.
         *       3. A valid date in:
         *          - `YYYY-MM` format for a specific month,
         *          - `YYYY-Qq` format for a specific quarter,
         *          - `YYYY` format for a specific year.
         */
        period: string;
        /**
         * @description The time period for which the stats are returned. Can be one of the following:
         *       1. A static period, which represents:
         *          - `s-month` the last calendar month,
         *          - `s-quarter` the last calendar quarter,
         *          - `s-year` the last calendar year.
         *       2. A floating period (`day`, `week`, `month`, `quarter`, `year`: the past 1, 7, 30, 90 or 365 days), as
         *          the other statistics take, so that shares can be read for the same days as the totals beside them.
         *       3. A valid date in:
         *          - `YYYY-MM` format for a specific month,
         *          - `YYYY-Qq` format for a specific quarter,
         *          - `YYYY` format for a specific year.
         */
        periodStatic: string;
        /** @description A valid semver version range or a tag. */
        specifier: string;
        /** @description A structure of the `files` array. */
        structure: "tree" | "flat";
        /** @description Filter for packages of this type. */
        type: "gh" | "npm" | "wp";
    };
    requestBodies: never;
    headers: {
        /**
         * @description Pagination information using [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style links.
         *     Possible `rel` values are `first`, `prev`, `self`, `next`, and `last`.
         */
        Link: string;
        /** @description The number of resources in the collection. */
        "X-Total-Count": number;
        /** @description The number of available pages. */
        "X-Total-Pages": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getRepoMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ghMetadata200"];
            404: components["responses"]["404"];
        };
    };
    getResolvedRepoVersion: {
        parameters: {
            query?: {
                /** @description A valid semver version range or a tag. */
                specifier?: components["parameters"]["specifier"];
            };
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ghResolved200"];
            404: components["responses"]["404"];
        };
    };
    getRepoVersionMetadata: {
        parameters: {
            query?: {
                /** @description A structure of the `files` array. */
                structure?: components["parameters"]["structure"];
            };
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ghVersionMetadata200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
        };
    };
    getRepoVersionList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ghVersionList200"];
            404: components["responses"]["404"];
        };
    };
    getRepoVersionManifest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ghVersionManifest200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
        };
    };
    getPackageMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmMetadata200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
        };
    };
    getScopedPackageMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmMetadataScoped200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
        };
    };
    getResolvedPackageVersion: {
        parameters: {
            query?: {
                /** @description A valid semver version range or a tag. */
                specifier?: components["parameters"]["specifier"];
            };
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmResolved200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
        };
    };
    getResolvedScopedPackageVersion: {
        parameters: {
            query?: {
                /** @description A valid semver version range or a tag. */
                specifier?: components["parameters"]["specifier"];
            };
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmResolvedScoped200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
        };
    };
    getPackageVersionMetadata: {
        parameters: {
            query?: {
                /** @description A structure of the `files` array. */
                structure?: components["parameters"]["structure"];
            };
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmVersionMetadata200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
        };
    };
    getScopedPackageVersionMetadata: {
        parameters: {
            query?: {
                /** @description A structure of the `files` array. */
                structure?: components["parameters"]["structure"];
            };
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmVersionMetadataScoped200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
        };
    };
    getPackageVersionEntrypoints: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmVersionEntrypoints200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
        };
    };
    getScopedPackageVersionEntrypoints: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmVersionEntrypointsScoped200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
        };
    };
    getPackageVersionAdvisories: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmVersionAdvisories200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            502: components["responses"]["502"];
            504: components["responses"]["504"];
        };
    };
    getScopedPackageVersionAdvisories: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmVersionAdvisories200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            502: components["responses"]["502"];
            504: components["responses"]["504"];
        };
    };
    getPackageVersionList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmVersionList200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
        };
    };
    getScopedPackageVersionList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmVersionList200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
        };
    };
    getPackageVersionManifest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmVersionManifest200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
        };
    };
    getScopedPackageVersionManifest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmVersionManifest200"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
        };
    };
    listStatsPeriods: {
        parameters: {
            query?: {
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["periods200"];
        };
    };
    listTopPackages: {
        parameters: {
            query?: {
                /** @description The value to sort by. */
                by?: components["parameters"]["by"];
                /** @description Filter for packages of this type. */
                type?: components["parameters"]["type"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["topPackages200"];
            400: components["responses"]["400"];
        };
    };
    getRepoStats: {
        parameters: {
            query?: {
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
            };
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ghPackageStats200"];
            400: components["responses"]["400"];
        };
    };
    listTopRepoVersions: {
        parameters: {
            query?: {
                /** @description The value to sort by. */
                by?: components["parameters"]["by"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ghTopRepoVersions200"];
            400: components["responses"]["400"];
        };
    };
    getRepoVersionStats: {
        parameters: {
            query?: {
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
            };
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ghRepoVersionStats200"];
            400: components["responses"]["400"];
        };
    };
    listTopRepoVersionFiles: {
        parameters: {
            query?: {
                /** @description The value to sort by. */
                by?: components["parameters"]["by"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ghTopRepoVersionFiles200"];
            400: components["responses"]["400"];
        };
    };
    getWordPressStats: {
        parameters: {
            query?: {
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
            };
            header?: never;
            path: {
                /** @description `plugins` for a WordPress.org plugin, `themes` for a theme. */
                kind: components["parameters"]["wpKind"];
                /** @description The plugin's or theme's slug on WordPress.org. */
                slug: components["parameters"]["wpSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ghPackageStats200"];
            400: components["responses"]["400"];
        };
    };
    listTopWordPressVersions: {
        parameters: {
            query?: {
                /** @description The value to sort by. */
                by?: components["parameters"]["by"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                /** @description `plugins` for a WordPress.org plugin, `themes` for a theme. */
                kind: components["parameters"]["wpKind"];
                /** @description The plugin's or theme's slug on WordPress.org. */
                slug: components["parameters"]["wpSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ghTopRepoVersions200"];
            400: components["responses"]["400"];
        };
    };
    getWordPressVersionStats: {
        parameters: {
            query?: {
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
            };
            header?: never;
            path: {
                /** @description `plugins` for a WordPress.org plugin, `themes` for a theme. */
                kind: components["parameters"]["wpKind"];
                /** @description The plugin's or theme's slug on WordPress.org. */
                slug: components["parameters"]["wpSlug"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ghRepoVersionStats200"];
            400: components["responses"]["400"];
        };
    };
    listTopWordPressVersionFiles: {
        parameters: {
            query?: {
                /** @description The value to sort by. */
                by?: components["parameters"]["by"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                /** @description `plugins` for a WordPress.org plugin, `themes` for a theme. */
                kind: components["parameters"]["wpKind"];
                /** @description The plugin's or theme's slug on WordPress.org. */
                slug: components["parameters"]["wpSlug"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ghTopRepoVersionFiles200"];
            400: components["responses"]["400"];
        };
    };
    getRepoBadge: {
        parameters: {
            query?: {
                /**
                 * @description What kind of value to show in the badge:
                 *       1. `hits` number of hits in the selected period.
                 *       2. `rank` rank of the package in the selected period.
                 *       3. `type-rank` rank of the package in the selected period, within its type category (gh/npm).
                 */
                type?: components["parameters"]["badgeType"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
                /** @description The badge style. See the examples. */
                style?: components["parameters"]["badgeStyle"];
            };
            header?: never;
            path: {
                /** @description A GitHub username. */
                user: components["parameters"]["ghUser"];
                /** @description A GitHub repository name. */
                repo: components["parameters"]["ghRepo"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ghRepoBadge200"];
            400: components["responses"]["400"];
        };
    };
    getPackageStats: {
        parameters: {
            query?: {
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
            };
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmPackageStats200"];
            400: components["responses"]["400"];
            403: components["responses"]["403"];
        };
    };
    getScopedPackageStats: {
        parameters: {
            query?: {
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
            };
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmPackageStatsScoped200"];
            400: components["responses"]["400"];
            403: components["responses"]["403"];
        };
    };
    listTopPackageVersions: {
        parameters: {
            query?: {
                /** @description The value to sort by. */
                by?: components["parameters"]["by"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmTopPackageVersions200"];
            400: components["responses"]["400"];
            403: components["responses"]["403"];
        };
    };
    listTopScopedPackageVersions: {
        parameters: {
            query?: {
                /** @description The value to sort by. */
                by?: components["parameters"]["by"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmTopPackageVersionsScoped200"];
            400: components["responses"]["400"];
            403: components["responses"]["403"];
        };
    };
    getPackageVersionStats: {
        parameters: {
            query?: {
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
            };
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmPackageVersionStats200"];
            400: components["responses"]["400"];
            403: components["responses"]["403"];
        };
    };
    getScopedPackageVersionStats: {
        parameters: {
            query?: {
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
            };
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmPackageVersionStatsScoped200"];
            400: components["responses"]["400"];
            403: components["responses"]["403"];
        };
    };
    listTopPackageVersionFiles: {
        parameters: {
            query?: {
                /** @description The value to sort by. */
                by?: components["parameters"]["by"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmTopRepoVersionFiles200"];
            400: components["responses"]["400"];
            403: components["responses"]["403"];
        };
    };
    listTopScopedPackageVersionFiles: {
        parameters: {
            query?: {
                /** @description The value to sort by. */
                by?: components["parameters"]["by"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
                /** @description An exact package version (not a version range or a tag) */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmTopRepoVersionFilesScoped200"];
            400: components["responses"]["400"];
            403: components["responses"]["403"];
        };
    };
    getPackageBadge: {
        parameters: {
            query?: {
                /**
                 * @description What kind of value to show in the badge:
                 *       1. `hits` number of hits in the selected period.
                 *       2. `rank` rank of the package in the selected period.
                 *       3. `type-rank` rank of the package in the selected period, within its type category (gh/npm).
                 */
                type?: components["parameters"]["badgeType"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
                /** @description The badge style. See the examples. */
                style?: components["parameters"]["badgeStyle"];
            };
            header?: never;
            path: {
                /** @description npm package name. */
                package: components["parameters"]["package"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmPackageBadge200"];
            400: components["responses"]["400"];
            403: components["responses"]["403"];
        };
    };
    getScopedPackageBadge: {
        parameters: {
            query?: {
                /**
                 * @description What kind of value to show in the badge:
                 *       1. `hits` number of hits in the selected period.
                 *       2. `rank` rank of the package in the selected period.
                 *       3. `type-rank` rank of the package in the selected period, within its type category (gh/npm).
                 */
                type?: components["parameters"]["badgeType"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
                /** @description The badge style. See the examples. */
                style?: components["parameters"]["badgeStyle"];
            };
            header?: never;
            path: {
                /** @description npm scope (username, organization). */
                scope: components["parameters"]["packageScope"];
                /** @description npm package name. */
                package: components["parameters"]["packageScoped"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["npmPackageBadgeScoped200"];
            400: components["responses"]["400"];
            403: components["responses"]["403"];
        };
    };
    getNetworkStats: {
        parameters: {
            query?: {
                /** @description Include only data for this continent. Specified as a continent code in uppercase. Mutually exclusive with the `country` parameter. */
                continent?: components["parameters"]["continent"];
                /** @description Include only data for this country. Specified as an ISO 3166-1 alpha-2 country code in uppercase. Mutually exclusive with the `continent` parameter. */
                country?: components["parameters"]["country"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["networkStats200"];
            400: components["responses"]["400"];
        };
    };
    getNetworkContentStats: {
        parameters: {
            query?: {
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["networkContentStats200"];
        };
    };
    getNetworkCountriesStats: {
        parameters: {
            query?: {
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["networkCountryStats200"];
            400: components["responses"]["400"];
        };
    };
    listTopBrowsers: {
        parameters: {
            query?: {
                /** @description Include only data for this continent. Specified as a continent code in uppercase. Mutually exclusive with the `country` parameter. */
                continent?: components["parameters"]["continent"];
                /** @description Include only data for this country. Specified as an ISO 3166-1 alpha-2 country code in uppercase. Mutually exclusive with the `continent` parameter. */
                country?: components["parameters"]["country"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       2. A floating period (`day`, `week`, `month`, `quarter`, `year`: the past 1, 7, 30, 90 or 365 days), as
                 *          the other statistics take, so that shares can be read for the same days as the totals beside them.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["periodStatic"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["browsers200"];
            400: components["responses"]["400"];
        };
    };
    listTopBrowsersVersions: {
        parameters: {
            query?: {
                /** @description Include only data for this continent. Specified as a continent code in uppercase. Mutually exclusive with the `country` parameter. */
                continent?: components["parameters"]["continent"];
                /** @description Include only data for this country. Specified as an ISO 3166-1 alpha-2 country code in uppercase. Mutually exclusive with the `continent` parameter. */
                country?: components["parameters"]["country"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       2. A floating period (`day`, `week`, `month`, `quarter`, `year`: the past 1, 7, 30, 90 or 365 days), as
                 *          the other statistics take, so that shares can be read for the same days as the totals beside them.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["periodStatic"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["browsersVersions200"];
            400: components["responses"]["400"];
        };
    };
    listTopBrowserCountries: {
        parameters: {
            query?: {
                /** @description Include only data for this continent. Specified as a continent code in uppercase. Mutually exclusive with the `country` parameter. */
                continent?: components["parameters"]["continent"];
                /** @description Include only data for this country. Specified as an ISO 3166-1 alpha-2 country code in uppercase. Mutually exclusive with the `continent` parameter. */
                country?: components["parameters"]["country"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       2. A floating period (`day`, `week`, `month`, `quarter`, `year`: the past 1, 7, 30, 90 or 365 days), as
                 *          the other statistics take, so that shares can be read for the same days as the totals beside them.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["periodStatic"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                name: components["parameters"]["browserName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["browserCountries200"];
            400: components["responses"]["400"];
        };
    };
    listTopBrowserPlatforms: {
        parameters: {
            query?: {
                /** @description Include only data for this continent. Specified as a continent code in uppercase. Mutually exclusive with the `country` parameter. */
                continent?: components["parameters"]["continent"];
                /** @description Include only data for this country. Specified as an ISO 3166-1 alpha-2 country code in uppercase. Mutually exclusive with the `continent` parameter. */
                country?: components["parameters"]["country"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       2. A floating period (`day`, `week`, `month`, `quarter`, `year`: the past 1, 7, 30, 90 or 365 days), as
                 *          the other statistics take, so that shares can be read for the same days as the totals beside them.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["periodStatic"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                name: components["parameters"]["browserName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["browserPlatforms200"];
            400: components["responses"]["400"];
        };
    };
    listTopBrowserVersions: {
        parameters: {
            query?: {
                /** @description Include only data for this continent. Specified as a continent code in uppercase. Mutually exclusive with the `country` parameter. */
                continent?: components["parameters"]["continent"];
                /** @description Include only data for this country. Specified as an ISO 3166-1 alpha-2 country code in uppercase. Mutually exclusive with the `continent` parameter. */
                country?: components["parameters"]["country"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       2. A floating period (`day`, `week`, `month`, `quarter`, `year`: the past 1, 7, 30, 90 or 365 days), as
                 *          the other statistics take, so that shares can be read for the same days as the totals beside them.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["periodStatic"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                name: components["parameters"]["browserName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["browserVersions200"];
            400: components["responses"]["400"];
        };
    };
    listTopBrowserVersionCountries: {
        parameters: {
            query?: {
                /** @description Include only data for this continent. Specified as a continent code in uppercase. Mutually exclusive with the `country` parameter. */
                continent?: components["parameters"]["continent"];
                /** @description Include only data for this country. Specified as an ISO 3166-1 alpha-2 country code in uppercase. Mutually exclusive with the `continent` parameter. */
                country?: components["parameters"]["country"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       2. A floating period (`day`, `week`, `month`, `quarter`, `year`: the past 1, 7, 30, 90 or 365 days), as
                 *          the other statistics take, so that shares can be read for the same days as the totals beside them.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["periodStatic"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                name: components["parameters"]["browserName"];
                version: components["parameters"]["browserVersion"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["browserVersionCountries200"];
            400: components["responses"]["400"];
        };
    };
    listTopPlatforms: {
        parameters: {
            query?: {
                /** @description Include only data for this continent. Specified as a continent code in uppercase. Mutually exclusive with the `country` parameter. */
                continent?: components["parameters"]["continent"];
                /** @description Include only data for this country. Specified as an ISO 3166-1 alpha-2 country code in uppercase. Mutually exclusive with the `continent` parameter. */
                country?: components["parameters"]["country"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       2. A floating period (`day`, `week`, `month`, `quarter`, `year`: the past 1, 7, 30, 90 or 365 days), as
                 *          the other statistics take, so that shares can be read for the same days as the totals beside them.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["periodStatic"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["platforms200"];
            400: components["responses"]["400"];
        };
    };
    listTopPlatformsVersions: {
        parameters: {
            query?: {
                /** @description Include only data for this continent. Specified as a continent code in uppercase. Mutually exclusive with the `country` parameter. */
                continent?: components["parameters"]["continent"];
                /** @description Include only data for this country. Specified as an ISO 3166-1 alpha-2 country code in uppercase. Mutually exclusive with the `continent` parameter. */
                country?: components["parameters"]["country"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       2. A floating period (`day`, `week`, `month`, `quarter`, `year`: the past 1, 7, 30, 90 or 365 days), as
                 *          the other statistics take, so that shares can be read for the same days as the totals beside them.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["periodStatic"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["platformsVersions200"];
            400: components["responses"]["400"];
        };
    };
    listTopPlatformBrowsers: {
        parameters: {
            query?: {
                /** @description Include only data for this continent. Specified as a continent code in uppercase. Mutually exclusive with the `country` parameter. */
                continent?: components["parameters"]["continent"];
                /** @description Include only data for this country. Specified as an ISO 3166-1 alpha-2 country code in uppercase. Mutually exclusive with the `continent` parameter. */
                country?: components["parameters"]["country"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       2. A floating period (`day`, `week`, `month`, `quarter`, `year`: the past 1, 7, 30, 90 or 365 days), as
                 *          the other statistics take, so that shares can be read for the same days as the totals beside them.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["periodStatic"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                name: components["parameters"]["platformName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["platformBrowsers200"];
            400: components["responses"]["400"];
        };
    };
    listTopPlatformCountries: {
        parameters: {
            query?: {
                /** @description Include only data for this continent. Specified as a continent code in uppercase. Mutually exclusive with the `country` parameter. */
                continent?: components["parameters"]["continent"];
                /** @description Include only data for this country. Specified as an ISO 3166-1 alpha-2 country code in uppercase. Mutually exclusive with the `continent` parameter. */
                country?: components["parameters"]["country"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       2. A floating period (`day`, `week`, `month`, `quarter`, `year`: the past 1, 7, 30, 90 or 365 days), as
                 *          the other statistics take, so that shares can be read for the same days as the totals beside them.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["periodStatic"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                name: components["parameters"]["platformName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["platformCountries200"];
            400: components["responses"]["400"];
        };
    };
    listTopPlatformVersions: {
        parameters: {
            query?: {
                /** @description Include only data for this continent. Specified as a continent code in uppercase. Mutually exclusive with the `country` parameter. */
                continent?: components["parameters"]["continent"];
                /** @description Include only data for this country. Specified as an ISO 3166-1 alpha-2 country code in uppercase. Mutually exclusive with the `continent` parameter. */
                country?: components["parameters"]["country"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       2. A floating period (`day`, `week`, `month`, `quarter`, `year`: the past 1, 7, 30, 90 or 365 days), as
                 *          the other statistics take, so that shares can be read for the same days as the totals beside them.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["periodStatic"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                name: components["parameters"]["platformName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["platformVersions200"];
            400: components["responses"]["400"];
        };
    };
    listTopPlatformVersionCountries: {
        parameters: {
            query?: {
                /** @description Include only data for this continent. Specified as a continent code in uppercase. Mutually exclusive with the `country` parameter. */
                continent?: components["parameters"]["continent"];
                /** @description Include only data for this country. Specified as an ISO 3166-1 alpha-2 country code in uppercase. Mutually exclusive with the `continent` parameter. */
                country?: components["parameters"]["country"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       2. A floating period (`day`, `week`, `month`, `quarter`, `year`: the past 1, 7, 30, 90 or 365 days), as
                 *          the other statistics take, so that shares can be read for the same days as the totals beside them.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["periodStatic"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                name: components["parameters"]["platformName"];
                version: components["parameters"]["platformVersion"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["platformVersionCountries200"];
            400: components["responses"]["400"];
        };
    };
    getProxyStats: {
        parameters: {
            query?: {
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
            };
            header?: never;
            path: {
                /** @description The name of the proxy endpoint. */
                name: components["parameters"]["proxyName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["proxyStats200"];
            400: components["responses"]["400"];
        };
    };
    listTopProxyFiles: {
        parameters: {
            query?: {
                /** @description The value to sort by. */
                by?: components["parameters"]["by"];
                /**
                 * @description The time period for which the stats are returned. Can be one of the following:
                 *       1. A floating period, which represents:
                 *          - `day` the past 1 day,
                 *          - `week` the past 7 days,
                 *          - `month` the past 30 days,
                 *          - `quarter` the past 90 days,
                 *          - `year` the past 365 days.
                 *       2. A static period, which represents:
                 *          - `s-month` the last calendar month,
                 *          - `s-quarter` the last calendar quarter,
                 *          - `s-year` the last calendar year.
                 *       3. A valid date in:
                 *          - `YYYY-MM` format for a specific month,
                 *          - `YYYY-Qq` format for a specific quarter,
                 *          - `YYYY` format for a specific year.
                 */
                period?: components["parameters"]["period"];
                /** @description Include at most this many results. */
                limit?: components["parameters"]["limit"];
                /**
                 * @description Note that an [RFC 8288](https://www.rfc-editor.org/rfc/rfc8288.html) style `Link` header
                 *     is provided with all responses that support pagination so you don't need to set this directly in most cases.
                 */
                page?: components["parameters"]["page"];
            };
            header?: never;
            path: {
                /** @description The name of the proxy endpoint. */
                name: components["parameters"]["proxyName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["topProxyFiles200"];
            400: components["responses"]["400"];
        };
    };
    lookupFileHash: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A hex-encoded sha256 of file contents. */
                hash: components["parameters"]["hash"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["lookupHash200"];
            400: components["responses"]["400"];
            404: components["responses"]["404"];
        };
    };
    getImportMap: {
        parameters: {
            query: {
                /** @description Package specs separated by commas, spaces or new lines (at most 20, 2,000 characters in all); the commas of a list option (`?deps=a@1.0.0,b@2.0.0`, `?exports=x,y`) belong to its spec. */
                packages: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["importMap200"];
            400: components["responses"]["400"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            502: components["responses"]["502"];
        };
    };
}

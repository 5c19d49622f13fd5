/**
 * Every catalog file, per language. Each area of the product keeps its strings in its own
 * file (core, accounts, design, …) so work on one area never edits another's file; the
 * files of a language are merged into one catalog. Add a new area to both languages.
 */
import enCore from '../locales/en_US/core.json' with { type: 'json' };
import zhCore from '../locales/zh_CN/core.json' with { type: 'json' };
import enDesign from '../locales/en_US/design.json' with { type: 'json' };
import zhDesign from '../locales/zh_CN/design.json' with { type: 'json' };
import enAccounts from '../locales/en_US/accounts.json' with { type: 'json' };
import zhAccounts from '../locales/zh_CN/accounts.json' with { type: 'json' };
import enPosts from '../locales/en_US/posts.json' with { type: 'json' };
import zhPosts from '../locales/zh_CN/posts.json' with { type: 'json' };
import enInteractions from '../locales/en_US/interactions.json' with { type: 'json' };
import zhInteractions from '../locales/zh_CN/interactions.json' with { type: 'json' };
import enTags from '../locales/en_US/tags.json' with { type: 'json' };
import zhTags from '../locales/zh_CN/tags.json' with { type: 'json' };
import enEditor from '../locales/en_US/editor.json' with { type: 'json' };
import zhEditor from '../locales/zh_CN/editor.json' with { type: 'json' };
import enCuration from '../locales/en_US/curation.json' with { type: 'json' };
import zhCuration from '../locales/zh_CN/curation.json' with { type: 'json' };
import enSearch from '../locales/en_US/search.json' with { type: 'json' };
import zhSearch from '../locales/zh_CN/search.json' with { type: 'json' };
import enAdmin from '../locales/en_US/admin.json' with { type: 'json' };
import zhAdmin from '../locales/zh_CN/admin.json' with { type: 'json' };
import enAdminUsers from '../locales/en_US/admin-users.json' with { type: 'json' };
import zhAdminUsers from '../locales/zh_CN/admin-users.json' with { type: 'json' };
import enNotifications from '../locales/en_US/notifications.json' with { type: 'json' };
import zhNotifications from '../locales/zh_CN/notifications.json' with { type: 'json' };
import enModeration from '../locales/en_US/moderation.json' with { type: 'json' };
import zhModeration from '../locales/zh_CN/moderation.json' with { type: 'json' };
import enAdminContent from '../locales/en_US/admin-content.json' with { type: 'json' };
import zhAdminContent from '../locales/zh_CN/admin-content.json' with { type: 'json' };
import enNotificationEmails from '../locales/en_US/notification-emails.json' with { type: 'json' };
import zhNotificationEmails from '../locales/zh_CN/notification-emails.json' with { type: 'json' };
import enConnectors from '../locales/en_US/connectors.json' with { type: 'json' };
import zhConnectors from '../locales/zh_CN/connectors.json' with { type: 'json' };
import enConnectorsWeb from '../locales/en_US/connectors-web.json' with { type: 'json' };
import zhConnectorsWeb from '../locales/zh_CN/connectors-web.json' with { type: 'json' };

export const CATALOG_FILES = {
  en_US: [
    enCore,
    enDesign,
    enPosts,
    enAccounts,
    enInteractions,
    enTags,
    enEditor,
    enCuration,
    enSearch,
    enNotifications,
    enAdmin,
    enAdminUsers,
    enModeration,
    enAdminContent,
    enNotificationEmails,
    enConnectors,
    enConnectorsWeb,
  ],
  zh_CN: [
    zhCore,
    zhDesign,
    zhPosts,
    zhAccounts,
    zhInteractions,
    zhTags,
    zhEditor,
    zhCuration,
    zhSearch,
    zhNotifications,
    zhAdmin,
    zhAdminUsers,
    zhModeration,
    zhAdminContent,
    zhNotificationEmails,
    zhConnectors,
    zhConnectorsWeb,
  ],
} as const;

import ForumIcon from "@mui/icons-material/Forum";
import ViewListIcon from "@mui/icons-material/ViewList";
import { Badge } from "@mui/material";
import { createElement } from "react";
import { Menu, useGetResourceLabel, useResourceDefinitions } from "react-admin";
import { COMMUNICATION_PATH } from "../communication";
import { attentionItems, useAttention } from "../dashboard/attention";

/**
 * Every resource's menu item; those the dashboard's "Needs attention" counts carry the same count as a badge
 * (one query, shared with the dashboard), so an admin sees from any page that something waits.
 */
const ResourceItemsWithBadges = () => {
  const resources = useResourceDefinitions();
  const getLabel = useGetResourceLabel();
  const { data } = useAttention();
  return (
    <>
      {Object.values(resources)
        .filter((resource) => resource.hasList)
        .map((resource) => {
          const item = attentionItems.find((one) => one.resource === resource.name);
          const count = item && data ? data[item.key] : 0;
          const label = getLabel(resource.name, 2);
          const icon = createElement(resource.icon ?? ViewListIcon);
          return (
            <Menu.Item
              key={resource.name}
              to={`/${resource.name}`}
              primaryText={label}
              aria-label={count ? `${label}, ${count} ${item?.label.toLowerCase() ?? "need attention"}` : label}
              leftIcon={
                count ? (
                  <Badge badgeContent={count} max={999} color="error" data-testid={`badge-${resource.name}`}>
                    {icon}
                  </Badge>
                ) : (
                  icon
                )
              }
            />
          );
        })}
    </>
  );
};

/** The dashboard, the Communication Hub (a custom route, so not listed by resource) and every resource. */
export const AdminMenu = () => (
  <Menu>
    <Menu.DashboardItem primaryText="Admin Dashboard" />
    <Menu.Item to={COMMUNICATION_PATH} primaryText="Communication Hub" leftIcon={<ForumIcon />} />
    <ResourceItemsWithBadges />
  </Menu>
);

import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import ChecklistOutlinedIcon from '@mui/icons-material/ChecklistOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ExtensionOutlinedIcon from '@mui/icons-material/ExtensionOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LeaderboardOutlinedIcon from '@mui/icons-material/LeaderboardOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PublishedWithChangesOutlinedIcon from '@mui/icons-material/PublishedWithChangesOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import TopicOutlinedIcon from '@mui/icons-material/TopicOutlined';
import type { ReactNode } from 'react';

export const NAV_ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlinedIcon />,
  analyses: <ListAltOutlinedIcon />,
  search: <SearchIcon />,
  analytics: <AssessmentOutlinedIcon />,
  managerDashboard: <LeaderboardOutlinedIcon />,
  checklistReport: <ChecklistOutlinedIcon />,
  insights: <InsightsOutlinedIcon />,
  topics: <TopicOutlinedIcon />,
  changeRequests: <PublishedWithChangesOutlinedIcon />,
  reviewQueue: <RateReviewOutlinedIcon />,
  upload: <CloudUploadOutlinedIcon />,
  failedTasks: <ErrorOutlineIcon />,
  billing: <PaymentsOutlinedIcon />,
  prompts: <DescriptionOutlinedIcon />,
  integrations: <ExtensionOutlinedIcon />,
  settings: <SettingsOutlinedIcon />,
  projects: <FolderOutlinedIcon />,
  newProject: <AddCircleOutlineIcon />,
  support: <SupportAgentOutlinedIcon />,
  superAdmin: <AdminPanelSettingsOutlinedIcon />,
  profile: <AccountCircleOutlinedIcon />,
};

/** Wire shapes of the people calls (server: modules/people). */
export interface RankedUser {
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  vote_count: number;
}

export interface Ranking {
  users_with_the_most_reputation: RankedUser[];
  users_with_the_most_vote: RankedUser[];
  staffs: RankedUser[];
}

export interface PublicProfile {
  id: string;
  created_at: number;
  last_login_date: number;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  bio_html: string;
  website: string;
  location: string;
  question_count: number;
  answer_count: number;
  status: string;
  status_msg: string;
}

export interface TopPosts {
  question: {
    question_id: string;
    title: string;
    url_title: string;
    vote_count: number;
    answer_count: number;
    accepted_answer_id: string;
  }[];
  answer: {
    answer_id: string;
    question_id: string;
    title: string;
    url_title: string;
    vote_count: number;
    accepted: number;
  }[];
}
